// Wires repositories, providers and services together for one app instance.
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { DevSmsProvider } from '../providers/sms/dev-sms-provider.js';
import type { SmsProvider } from '../providers/sms/sms-provider.js';
import { DevWechatProvider } from '../providers/wechat/dev-wechat-provider.js';
import type { WechatProvider } from '../providers/wechat/wechat-provider.js';
import { RateRepo } from '../repositories/rate-repo.js';
import { SessionsRepo } from '../repositories/sessions-repo.js';
import { SiteRepo } from '../repositories/site-repo.js';
import { SmsRepo } from '../repositories/sms-repo.js';
import { UsersRepo } from '../repositories/users-repo.js';
import { WechatRepo } from '../repositories/wechat-repo.js';
import { AccountService } from './account-service.js';
import { LoginThrottle } from './login-throttle.js';
import { RateLimiter } from './rate-limiter.js';
import { SessionService } from './session-service.js';
import { SmsService } from './sms-service.js';
import { WechatService } from './wechat-service.js';
import path from 'node:path';
import { ParquetReader } from '../ingest/parquet-reader.js';
import { FilesRepo } from '../repositories/files-repo.js';
import { LocalStore } from '../storage/local-store.js';
import type { ObjectStore } from '../storage/object-store.js';
import { S3Store } from '../storage/s3-store.js';
import { FileService } from './file-service.js';
import type { FastifyBaseLogger } from 'fastify';
import { JobPool } from '../jobs/job-pool.js';
import { QueueClient } from '../jobs/queue-jobs.js';
import { TasksRepo } from '../repositories/tasks-repo.js';
import { ToolsRepo } from '../repositories/tools-repo.js';
import { TaskService } from './task-service.js';
import { ToolService } from './tool-service.js';
import { CatalogueCache } from './catalogue-cache.js';
import { ReportService } from './report-service.js';
import { AiRepo } from '../repositories/ai-repo.js';
import type { AiProvider } from '../providers/ai/ai-provider.js';
import { BuiltinProvider } from '../providers/ai/builtin-provider.js';
import { OpenAiCompatibleProvider } from '../providers/ai/openai-provider.js';
import { AiService } from './ai-service.js';
import { createPayCommerce, type PayCommerce } from './commerce/pay-container.js';
import { createUserCommerce, type UserCommerce } from './commerce/user-container.js';
import type { CommerceDeps } from './commerce/deps.js';
import { FeedbackRepo } from '../repositories/feedback-repo.js';
import { ContentRepo } from '../repositories/content-repo.js';
import { AssociationRepo } from '../repositories/association-repo.js';
import { FeedbackService } from './feedback-service.js';
import { ContentService } from './content-service.js';
import { AssociationService } from './association-service.js';
import { VideosRepo } from '../repositories/videos-repo.js';
import { VideoService } from './video-service.js';
import { CalcRepo } from '../repositories/calc-repo.js';
import { CalcService } from './calc-service.js';
import { ProcessingService } from './processing-service.js';
import { createOps, type Ops } from './ops/container.js';

export interface Services {
  sessions: SessionService;
  accounts: AccountService;
  sms: SmsService;
  wechat: WechatService;
  site: SiteRepo;
  smsProvider: SmsProvider;
  wechatProvider: WechatProvider;
  store: ObjectStore;
  reader: ParquetReader;
  files: FileService;
  tools: ToolService;
  tasks: TaskService;
  reports: ReportService;
  jobs: JobPool;
  ai: AiService;
  pay: PayCommerce;
  commerce: UserCommerce;
  feedback: FeedbackService;
  content: ContentService;
  association: AssociationService;
  videos: VideoService;
  calc: CalcService;
  processing: ProcessingService;
  /** The operator console (issue 24). */
  ops: Ops;
  /** Set once the HTTP app exists, so services can log through it. */
  logger: FastifyBaseLogger | null;
}

export function createStore(config: Config): ObjectStore {
  return config.s3
    ? new S3Store(config.s3, path.join(config.dataDir, 'cache'))
    : new LocalStore(path.join(config.dataDir, 'store'));
}

export function createServices(db: Db, config: Config, now: () => number = Date.now): Services {
  const k = db.kysely;
  const users = new UsersRepo(k);
  const smsRepo = new SmsRepo(k);
  const wechatRepo = new WechatRepo(k);
  const limiter = new RateLimiter(new RateRepo(k), now);
  const sessions = new SessionService(new SessionsRepo(k), config.tokenTtlHours * 60 * 60 * 1000, now);
  const smsProvider: SmsProvider = new DevSmsProvider(smsRepo, now);
  const wechatProvider: WechatProvider = new DevWechatProvider();
  const sms = new SmsService(smsRepo, smsProvider, limiter, now);
  const loginThrottle = new LoginThrottle(limiter);
  const wechat = new WechatService(wechatRepo, users, sessions, wechatProvider, loginThrottle, now);
  const accounts = new AccountService(k, users, wechatRepo, sessions, sms, wechat, loginThrottle, now, config.ai.dailyQuota);
  const store = createStore(config);
  const reader = new ParquetReader();
  const files = new FileService(new FilesRepo(k), store, reader, config.ingest, config.dataDir, now);
  const tasksRepo = new TasksRepo(k);
  const toolsRepo = new ToolsRepo(k);
  // The tool lists' rows in memory; every writer of the tools table on this server invalidates it.
  const catalogue = new CatalogueCache(() => toolsRepo.active());
  const videosRepo = new VideosRepo(k, () => catalogue.invalidate());
  const videos = new VideoService(videosRepo, store, config, now);
  const tools = new ToolService(toolsRepo, users, files, now, config.cserviceUrl, tasksRepo, videos, catalogue);
  // REDIS_URL: analyses and exports run on `npm run worker` processes, through the queue.
  const queue = config.redisUrl ? new QueueClient(config.redisUrl) : null;
  const jobs = new JobPool(config.jobs, queue);
  // With a shared (S3) store, workers ingest uploads too; a local store stays with this server's disk.
  if (queue && config.s3) files.ingestOnWorkers(queue);
  // Tasks log through the app's logger, which exists once buildApp sets services.logger.
  const tasks = new TaskService(tasksRepo, tools, files, reader, store, jobs, `LabStat ${config.version}`, now, () => services.logger);
  const reports = new ReportService(tasksRepo, store, jobs, config.reportFonts, now, () => services.logger);
  const aiProviders: AiProvider[] = [
    new BuiltinProvider(config.ai.builtinPieceMs),
    ...config.ai.providers.map(
      (p) => new OpenAiCompatibleProvider({ ...p, firstByteTimeoutMs: config.ai.firstByteTimeoutMs, idleTimeoutMs: config.ai.idleTimeoutMs, maxChars: 20_000, temperature: 0.2 }),
    ),
  ];
  const ai = new AiService(new AiRepo(k), tasksRepo, users, reports, files, tools, limiter, aiProviders, config.ai, now, () => services.logger);
  const commerceDeps: CommerceDeps = { db: k, config, users, limiter, sessions, sms, wechat, wechatProvider, store, now };
  const pay = createPayCommerce(commerceDeps);
  const commerce = createUserCommerce(commerceDeps);
  const feedback = new FeedbackService(new FeedbackRepo(k), users, limiter, now);
  const content = new ContentService(new ContentRepo(k));
  const association = new AssociationService(new AssociationRepo(k), files, now);
  const calc = new CalcService(new CalcRepo(k), limiter, jobs, `LabStat ${config.version}`, now, () => services.logger);
  const processing = new ProcessingService(tasksRepo, files, reader, store, config.ingest, videosRepo, videos, { instance: tasks.instance, leaseMs: jobs.leaseMs }, `LabStat ${config.version}`, now, () => services.logger);
  // Data-processing runs too, for the same reason: the worker must reach the files through the store.
  if (queue && config.s3) processing.runOnWorkers(queue);
  const services: Services = { sessions, accounts, sms, wechat, site: new SiteRepo(k), smsProvider, wechatProvider, store, reader, files, tools, tasks, reports, jobs, ai, pay, commerce, feedback, content, association, videos, calc, processing, ops: createOps({ db: k, feedback, pay, commerce, sessions, videos, now, catalogueChanged: () => catalogue.invalidate() }), logger: null };
  return services;
}
