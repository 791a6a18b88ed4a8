// One-shot checks used by the shell scripts, so they need neither psql nor redis-cli nor curl.
//   node scripts/lib/probe.mjs postgres <url>   exit 0 ready, 1 unreachable, 2 reachable but unusable
//   node scripts/lib/probe.mjs redis <url>      (same codes)
//   node scripts/lib/probe.mjs nats <url>       (same codes; 2 also when JetStream is off; connects as
//                                               NATS_PROBE_USER / NATS_PROBE_PASSWORD when set)
//   node scripts/lib/probe.mjs http <url>       exit 0 on a 2xx answer, 1 otherwise
//   node scripts/lib/probe.mjs port <host> <port>  exit 0 when something listens there, 1 otherwise
// "Unreachable" means nothing listens at the address, so the caller may start a server there.
import net from 'node:net';

const TIMEOUT_MS = 3000;
const [kind, ...args] = process.argv.slice(2);

const DEFAULT_PORTS = { 'postgresql:': 5432, 'postgres:': 5432, 'redis:': 6379, 'nats:': 4222 };

function fail(code, message) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function portOpen(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port), timeout: TIMEOUT_MS });
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Exits 1 when nothing listens at the URL's address; a protocol failure after that is exit 2. */
async function listening(url) {
  const parsed = new URL(url.split(',')[0]);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!(await portOpen(host, parsed.port || DEFAULT_PORTS[parsed.protocol]))) {
    fail(1, `nothing listens at ${host}:${parsed.port || DEFAULT_PORTS[parsed.protocol]} (${redact(url)})`);
  }
}

async function postgres(url) {
  await listening(url);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    fail(2, `PostgreSQL at ${redact(url)}: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

async function redis(url) {
  await listening(url);
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    fail(2, `Redis at ${redact(url)}: ${error.message}`);
  } finally {
    client.disconnect();
  }
}

async function nats(url) {
  await listening(url);
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  let nc;
  try {
    const { NATS_PROBE_USER: user, NATS_PROBE_PASSWORD: pass } = process.env;
    nc = await connect({
      servers: url.split(','),
      timeout: TIMEOUT_MS,
      reconnect: false,
      ...(user ? { user, pass } : {}),
    });
  } catch (error) {
    fail(2, `NATS at ${redact(url)}: ${error.message}`);
  }
  try {
    // Proves JetStream is on for this account rather than trusting the server's flags.
    const jsm = await jetstreamManager(nc, { timeout: TIMEOUT_MS });
    await jsm.getAccountInfo();
  } catch (error) {
    fail(
      2,
      `NATS at ${redact(url)} answers but JetStream is not available (${error.message}); the server must run with -js`,
    );
  } finally {
    await nc.close();
  }
}

async function http(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' });
    if (!response.ok) fail(1, `${url} answered ${response.status}`);
  } catch (error) {
    fail(1, `${url}: ${error.cause?.code ?? error.message}`);
  }
}

function redact(url) {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}

const checks = {
  postgres: () => postgres(args[0]),
  redis: () => redis(args[0]),
  nats: () => nats(args[0]),
  http: () => http(args[0]),
  port: async () => {
    if (!(await portOpen(args[0], args[1]))) process.exit(1);
  },
};

if (!checks[kind] || !args[0]) fail(64, `usage: probe.mjs ${Object.keys(checks).join('|')} <url> | port <host> <port>`);
await checks[kind]();
