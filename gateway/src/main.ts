import 'reflect-metadata';
import { ConfigError } from '@medtutor/nest-kit';
import { createGatewayApp } from './app.setup.js';
import { type GatewayConfig, loadGatewayConfig } from './config/gateway-config.js';
import { createGatewayLogger } from './logging/logger.js';

let config: GatewayConfig;
try {
  config = loadGatewayConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const logger = createGatewayLogger(config.logLevel);
if (config.sessionSecretGenerated) {
  logger.warn('SESSION_SECRET is not set: using a random one, so sessions end when the gateway restarts');
}
const app = await createGatewayApp(config, logger);
app.enableShutdownHooks();
await app.listen(config.port);
logger.info({ port: config.port, publicBaseUrl: config.publicBaseUrl }, 'gateway listening');
