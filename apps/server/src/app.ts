// Builds the Fastify app; tests and main.ts both call buildApp.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { EXAMPLE_FILES } from '@labstat/tools';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seed } from './db/seed.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerObservability, requestId } from './plugins/observability.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { BucketUpload } from './providers/upload/bucket-upload.js';
import { accountRoutes } from './routes/accounts.js';
import { aiRoutes } from './routes/ai.js';
import { commercePayRoutes } from './routes/commerce-pay.js';
import { commerceUserRoutes } from './routes/commerce-user.js';
import { feedbackRoutes } from './routes/feedback.js';
import { contentRoutes } from './routes/content.js';
import { associationRoutes } from './routes/association.js';
import { dataManagerRoutes } from './routes/datamanager.js';
import { devRoutes } from './routes/dev.js';
import { reportRoutes } from './routes/reports.js';
import { siteRoutes } from './routes/site.js';
import { toolRoutes } from './routes/tools.js';
import { calcRoutes } from './routes/calc.js';
import { processingRoutes } from './routes/processing.js';
import { taskRoutes } from './routes/tasks.js';
import { videoRoutes } from './routes/videos.js';
import { carouselRoutes, opsRoutes } from './routes/ops.js';
import { createServices, type Services } from './services/container.js';

export interface App {
  app: FastifyInstance;
  db: Db;
  services: Services;
}

export interface BuildOptions {
  /** Run migrations and seed before returning (tests and `npm start` want this). */
  prepare?: boolean;
  now?: () => number;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const db = openDatabase(config);
  if (opts.prepare) {
    await migrateToLatest(db);
    await seed(db);
  }
  const services = createServices(db, config, opts.now);
  if (opts.prepare) {
    for (const ex of EXAMPLE_FILES) await services.files.ensureExample(ex.key, ex.filename, ex.file);
    await services.tools.seed();
    // Only tasks whose owner stopped renewing their lease: other live instances keep theirs.
    await services.tasks.failInterrupted();
  }
  services.tasks.startHeartbeat();

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers["x-csrftoken"]', 'req.headers.cookie', 'req.headers.authorization'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    genReqId: (req) => requestId(req.headers['x-request-id'], randomUUID),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  registerErrorHandling(app);
  // An s3/cos upload provider: the browser PUTs images straight to the bucket.
  registerSecurityHeaders(app, config.uploads.bucket ? [await new BucketUpload(config.uploads.bucket).origin()] : []);
  registerJsonBody(app);
  registerObservability(app, { db, store: services.store, jobs: services.jobs, instance: services.tasks.instance, metricsToken: config.metricsToken });
  services.logger = app.log;
  services.files.startScratch(app.log);
  if (!config.reportFonts) {
    app.log.warn('no CJK font found: Chinese text in chart downloads may not render (apt-get install fonts-noto-cjk, or set REPORT_FONT_FILE)');
  }

  await app.register(accountRoutes, { services });
  await app.register(siteRoutes, { services, config });
  await app.register(devRoutes, { services });
  await app.register(dataManagerRoutes, { services });
  await app.register(toolRoutes, { services });
  await app.register(calcRoutes, { services });
  await app.register(processingRoutes, { services });
  await app.register(reportRoutes, { services });
  await app.register(taskRoutes, { services });
  await app.register(aiRoutes, { services });
  await app.register(commercePayRoutes, { services });
  await app.register(commerceUserRoutes, { services });
  await app.register(feedbackRoutes, { services });
  await app.register(contentRoutes, { services });
  await app.register(associationRoutes, { services });
  await app.register(videoRoutes, { services });
  await app.register(opsRoutes, { services });
  await app.register(carouselRoutes, { services });

  if (config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: 'index.html',
      wildcard: true,
      // Without this, send's own `max-age=0` overwrites what setHeaders puts on the response.
      cacheControl: false,
      setHeaders(res, file) {
        // Vite fingerprints assets, so they can be cached for good; the page itself must not be.
        res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else if (config.webDist) {
    app.log.warn({ webDist: config.webDist }, 'web app not built; serving the API only');
  }

  app.addHook('onClose', async () => {
    await services.tasks.close();
    await services.jobs.close();
    services.files.close();
    await services.reader.close();
    await db.close();
  });
  return { app, db, services };
}
