// Production entry: migrate, seed, serve on PORT, and shut down cleanly on SIGINT/SIGTERM.
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const { app, services } = await buildApp(config, { prepare: true });

await services.sessions.purge();
await app.listen({ port: config.port, host: config.host });
app.log.info(`LabStat is serving http://localhost:${config.port} (sms=${services.smsProvider.name}, wechat=${services.wechatProvider.name})`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  });
}
