import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { PinoNestLogger } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import type { GatewayConfig } from './config/gateway-config.js';
import { methodNotAllowed, noStore } from './http/api-hygiene.js';
import { correlationId } from './http/correlation-id.js';
import { httpTracing } from './http/http-tracing.js';
import { jsonBody } from './http/json-body.js';
import { PROVIDER_WEBHOOK_PATH, providerWebhookRawBody, providerWebhookRoute } from './http/raw-body.js';
import { exceptSessionless } from './http/sessionless.js';
import { setupOpenApi } from './http/openapi.js';
import { securityHeaders, securityHeaderValues } from './http/security-headers.js';
import { mountFrontends } from './http/static-frontends.js';
import { requestLogger } from './logging/logger.js';
import { httpMetrics } from './metrics/http-metrics.js';
import { SessionsService } from './sessions/sessions.service.js';
import { ReadinessService } from './health/readiness.service.js';
import { answerBeforeExpress, answerFromMemory } from './public-reads/public-reads-from-memory.js';
import { PublicReadsService } from './public-reads/public-reads.service.js';
import { closeConnectionsWhenStopping } from './shutdown.js';

/**
 * In front of Express: the public reads held in memory, answered there and then. Then the Express
 * pipeline around Nest's routes, in order: HTTP metrics, `Connection: close` once shutting down,
 * tracing, correlation id, access log, security headers, no-store for /api, cross-site request
 * refusal, static frontends (before sessions, so assets never touch Redis), 405 for a known path's
 * other methods, then sessions (but not for the webhook and the public reads) and the JSON parser
 * (whose failures wait for the route's guards). Nest adds its routes, the JSON 404 and the error
 * layer at init.
 */
export function configureGatewayApp(app: NestExpressApplication, config: GatewayConfig, logger: Logger): void {
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // The client (the proxy in front, a browser) closes an idle connection first, never us under its request.
  (app.getHttpServer() as Server).keepAliveTimeout = config.keepAliveTimeoutMs;
  const readiness = app.get(ReadinessService);
  answerBeforeExpress(
    app.getHttpServer(),
    answerFromMemory(app.get(PublicReadsService), securityHeaderValues(config.production), () => readiness.stopping),
  );
  app.use(httpMetrics(app));
  app.use(closeConnectionsWhenStopping(readiness));
  app.use(httpTracing());
  app.use(correlationId());
  app.use(requestLogger(logger));
  app.use(securityHeaders(config.production));
  app.use('/api', noStore);
  // A browser's cross-site POST (Sec-Fetch-Site / Origin) gets 403: a second line behind SameSite=Lax.
  // Stripe's webhook is a server-to-server POST from another site, authenticated by its signature.
  app.enableCsrfProtection({ exclude: [providerWebhookRoute] });
  mountFrontends(app, config.frontendDir, config.pageSettings, logger);
  const express = app.getHttpAdapter().getInstance() as unknown as { router: { stack: object[] } };
  app.use(methodNotAllowed(() => express.router.stack));
  app.use(PROVIDER_WEBHOOK_PATH, providerWebhookRawBody());
  app.use('/api', ...exceptSessionless(app.get(SessionsService).middleware()));
  app.use(jsonBody(config.bodyLimit));
  setupOpenApi(app, config);
}

export async function createGatewayApp(config: GatewayConfig, logger: Logger): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  configureGatewayApp(app, config, logger);
  return app;
}
