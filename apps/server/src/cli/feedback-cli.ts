// Support's side of feedback until the operator console exists: list pending threads, read one,
// reply (plain text or HTML) and mark threads completed, on the database the server's own
// configuration names (DATA_DIR / DATABASE_URL). Run it with
//   npm run feedback -- list | show ID | reply ID "text" [--pending] [--author NAME] | complete ID | reopen ID
// `reply ID -` reads the reply from standard input.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { FeedbackStatus } from '@labstat/contracts';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppError } from '../errors.js';
import { FeedbackRepo } from '../repositories/feedback-repo.js';
import { RateRepo } from '../repositories/rate-repo.js';
import { UsersRepo } from '../repositories/users-repo.js';
import { FeedbackService } from '../services/feedback-service.js';
import { RateLimiter } from '../services/rate-limiter.js';

export interface FeedbackCli {
  feedback: FeedbackService;
  close(): Promise<void>;
}

/** The feedback service on the database `config` names; migrations run first, as the server does. */
export async function openFeedbackCli(config: Pick<Config, 'databaseUrl' | 'dataDir'>, now: () => number = Date.now): Promise<FeedbackCli> {
  const db: Db = openDatabase(config);
  await migrateToLatest(db);
  const k = db.kysely;
  const feedback = new FeedbackService(new FeedbackRepo(k), new UsersRepo(k), new RateLimiter(new RateRepo(k), now), now);
  return { feedback, close: () => db.close() };
}

const STATUS_LABEL = { 1: '已完成', 2: '待处理' } as const;
const STATUS_ARG: Record<string, number> = { all: 0, completed: FeedbackStatus.completed, pending: FeedbackStatus.pending };

/** HTML of a message as terminal text: block ends become line breaks, images show their path. */
export function htmlToText(html: string): string {
  return html
    .replace(/<img\b[^>]*\bsrc="([^"]*)"[^>]*>/gi, '[图片 $1]')
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 <$1>')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '  • ')
    .replace(/<\/(p|li|h[1-4]|blockquote|pre|ol|ul)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export async function listCommand(svc: FeedbackService, opts: { status?: string; page?: number; limit?: number } = {}): Promise<string> {
  const status = STATUS_ARG[opts.status ?? 'pending'];
  if (status === undefined) throw new AppError(400, '状态只能是 pending、completed 或 all');
  const { list, count } = await svc.supportList({ status, page: opts.page ?? 1, limit: opts.limit ?? 20 });
  if (count === 0) return '没有反馈。';
  const lines = list.map(
    (f) => `#${f.feedbackid}  ${STATUS_LABEL[f.status]}  ${f.type}  提交 ${f.create_time}  更新 ${f.update_time}  用户 ${f.user.username} (${f.user.mobile})`,
  );
  return [...lines, `共 ${count} 条`].join('\n');
}

export async function showCommand(svc: FeedbackService, id: number): Promise<string> {
  const f = await svc.supportShow(id);
  const head = `#${f.feedbackid}  ${f.type}  ${STATUS_LABEL[f.status]}  用户 ${f.user.username} (${f.user.mobile})  提交 ${f.create_time}`;
  const body = f.conversation.map((m) => `--- ${m.role === 'user' ? '用户' : '客服'} ${m.create_time}\n${htmlToText(m.text)}`);
  return [head, ...body].join('\n');
}

export async function replyCommand(svc: FeedbackService, id: number, text: string, opts: { author?: string; keepPending?: boolean } = {}): Promise<string> {
  await svc.supportReply(id, text, { author: opts.author ?? 'cli', keepPending: opts.keepPending ?? false });
  return `已回复反馈 #${id}${opts.keepPending ? '（保持待处理）' : '，状态：已完成'}`;
}

export async function completeCommand(svc: FeedbackService, id: number): Promise<string> {
  await svc.supportSetStatus(id, FeedbackStatus.completed);
  return `反馈 #${id} 已标记为已完成`;
}

export async function reopenCommand(svc: FeedbackService, id: number): Promise<string> {
  await svc.supportSetStatus(id, FeedbackStatus.pending);
  return `反馈 #${id} 已重新标记为待处理`;
}

const USAGE = `用法：
  npm run feedback -- list [--status pending|completed|all] [--page N]
  npm run feedback -- show ID
  npm run feedback -- reply ID "回复内容（文本或 HTML；- 表示从标准输入读取）" [--pending] [--author 名字]
  npm run feedback -- complete ID
  npm run feedback -- reopen ID`;

function parseArgs(argv: string[]): { positional: string[]; flags: Map<string, string | true> } {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--') && a !== '--pending') {
        flags.set(a.slice(2), next);
        i++;
      } else flags.set(a.slice(2), true);
    } else positional.push(a);
  }
  return { positional, flags };
}

function idOf(arg: string | undefined): number {
  const id = Number(arg);
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError(400, `反馈编号不正确：${arg ?? '(缺少)'}\n${USAGE}`);
  return id;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs one command line against `svc`; returns what to print. */
export async function runCommand(svc: FeedbackService, argv: string[]): Promise<string> {
  const { positional, flags } = parseArgs(argv);
  const [cmd, a1, a2] = positional;
  const str = (k: string) => (typeof flags.get(k) === 'string' ? (flags.get(k) as string) : undefined);
  switch (cmd) {
    case 'list':
      return listCommand(svc, { status: str('status'), page: str('page') ? Number(str('page')) : 1 });
    case 'show':
      return showCommand(svc, idOf(a1));
    case 'reply': {
      const id = idOf(a1);
      const text = a2 === '-' ? await readStdin() : a2;
      if (!text) throw new AppError(400, `请提供回复内容\n${USAGE}`);
      return replyCommand(svc, id, text, { author: str('author'), keepPending: flags.has('pending') });
    }
    case 'complete':
      return completeCommand(svc, idOf(a1));
    case 'reopen':
      return reopenCommand(svc, idOf(a1));
    default:
      return USAGE;
  }
}

/** The command line: configuration from the environment, like the server. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const cli = await openFeedbackCli(loadConfig(env));
  try {
    return await runCommand(cli.feedback, argv);
  } finally {
    await cli.close();
  }
}

// Run as a command (also through a symlinked path), not imported by a test.
if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (out) => console.log(out),
    (err: unknown) => {
      console.error(err instanceof AppError ? err.message : err);
      process.exitCode = 1;
    },
  );
}
