// Production entry: migrate, seed, serve on PORT, and shut down cleanly on SIGINT/SIGTERM.
import { loadConfig } from './config.js';
import { isLoopbackHost } from './lib/client-source.js';
import { devProviders, devStartDecision } from './providers/dev-exposure.js';

const config = loadConfig();
// Dev providers on a reachable server would let anyone read SMS codes and fake WeChat scans.
const decision = devStartDecision(config);
if (!decision.start) {
  console.error(decision.error);
  process.exit(1);
}
// Loaded only once the start is allowed, so a refusal is immediate.
const { buildApp } = await import('./app.js');
const { app, services } = await buildApp(config, { prepare: true });

await services.sessions.purge();
await app.listen({ port: config.port, host: config.host });
const where = isLoopbackHost(config.host) ? `http://localhost:${config.port}` : `port ${config.port} on ${config.host}`;
app.log.info(`LabStat is serving ${where} (sms=${services.smsProvider.name}, wechat=${services.wechatProvider.name})`);
if (decision.warning) app.log.warn(`\n${decision.warning}`);
else if (devProviders(config).length) {
  app.log.info(`${devProviders(config).join(' and ')}: offline dev mode, listening on this machine only; /dev routes answer local requests only`);
}

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
