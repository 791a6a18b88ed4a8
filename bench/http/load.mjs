// Load generation for the HTTP benches: autocannon runs, reduced to the figures the reports print, and
// the yardstick every figure is compared with — a bare node:http server in the same process and run.
import { createServer } from 'node:http';
import autocannon from 'autocannon';

/** Connections per load, as issue 27 measures: enough to keep a 2-core machine busy. */
export const CONNECTIONS = 50;

/**
 * One autocannon run reduced to what the report needs. `rate` caps the total requests per second
 * (a steady background load); without it the load goes as fast as the server answers.
 */
export async function load({ url, seconds, connections = CONNECTIONS, headers = {}, rate, method = 'GET', body }) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    method,
    body,
    ...(rate ? { overallRate: rate } : {}),
  });
  return summarize(result);
}

/** The figures of an autocannon result: throughput, latency percentiles, and every kind of failure. */
export function summarize(result) {
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * The yardstick: a bare node:http server answering `body` as JSON, loaded exactly like the platform.
 * Its figure is what this machine can do at all, so each platform figure is also shown as a share of it.
 */
export async function bareYardstick(body, seconds) {
  const payload = Buffer.from(body);
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length });
    res.end(payload);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await load({ url: `http://127.0.0.1:${server.address().port}/`, seconds });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** `part` as a percentage of `whole`, one decimal. */
export const shareOf = (part, whole) => Math.round((part / whole) * 1000) / 10;
