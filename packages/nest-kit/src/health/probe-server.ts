import { createServer, type Server } from 'node:http';
import { renderMetrics, startDefaultMetrics } from '../metrics/metrics.js';
import type { HealthChecks } from './health-checks.js';

/**
 * Kubernetes probes and Prometheus for a process: `/healthz` says the process lives, `/readyz` runs
 * its dependency checks (503 with the failed ones), `/metrics` serves prom-client's default registry
 * with the Node runtime metrics.
 */
export function startProbeServer(port: number, checks: HealthChecks): Promise<Server> {
  startDefaultMetrics();
  const server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.url === '/healthz') return reply(200, { status: 'ok' });
    if (req.url === '/readyz') {
      checks.run().then(
        (health) => reply(health.status === 'ok' ? 200 : 503, health),
        () => reply(503, { status: 'degraded' }),
      );
      return;
    }
    if (req.url === '/metrics') {
      renderMetrics().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        () => reply(500, { status: 'metrics failed' }),
      );
      return;
    }
    reply(404, { status: 'not found' });
  });
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
}
