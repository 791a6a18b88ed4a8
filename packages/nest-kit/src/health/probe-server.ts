import { createServer, type Server } from 'node:http';
import type { HealthChecks } from './health-checks.js';

/**
 * Kubernetes probes for a NATS-only service: `/healthz` says the process lives, `/readyz` runs the
 * service's dependency checks.
 */
export function startProbeServer(port: number, checks: HealthChecks): Promise<Server> {
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
    reply(404, { status: 'not found' });
  });
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
}
