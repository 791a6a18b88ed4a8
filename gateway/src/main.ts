import 'reflect-metadata';
import { ConfigError, startProbeServer, startTracing } from '@medtutor/nest-kit';
import { createGatewayApp } from './app.setup.js';
import { type GatewayConfig, loadGatewayConfig } from './config/gateway-config.js';
import { ReadinessService } from './health/readiness.service.js';
import { createGatewayLogger } from './logging/logger.js';
import { shutDownGracefully } from './shutdown.js';

let config: GatewayConfig;
try {
  config = loadGatewayConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const logger = createGatewayLogger(config.logLevel);
const tracing = startTracing({ service: 'gateway', logger });
if (config.sessionSecretGenerated) {
  logger.warn('SESSION_SECRET is not set: using a random one, so sessions end when the gateway restarts');
}
const app = await createGatewayApp(config, logger);
await app.listen(config.port);
if (config.healthPort) {
  // The probes' own port: /readyz there says which dependency failed, which the public port never does.
  const probes = await startProbeServer(config.healthPort, app.get(ReadinessService).checks);
  app.getHttpServer().once('close', () => probes.close());
}
logger.info({ port: config.port, publicBaseUrl: config.publicBaseUrl }, 'gateway listening');

// Not Nest's shutdown hooks: they would close the port at once, while the load balancer still sends here.
const onSignal = (signal: NodeJS.Signals) => {
  logger.info({ signal }, 'signal received');
  shutDownGracefully(app, signal === 'SIGTERM' ? config.shutdown : { ...config.shutdown, drainMs: 0 }, logger)
    .then(
      () => 0,
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        return 1;
      },
    )
    .then(async (code) => {
      // The spans of the last requests leave before the process does.
      await tracing.shutdown();
      process.exit(code);
    });
};
process.once('SIGTERM', onSignal);
// Ctrl-C in a terminal: nothing to drain from.
process.once('SIGINT', onSignal);
