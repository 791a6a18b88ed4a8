// Gives the e2e run, the HTTP bench and the soak a clean slate: drops their databases (the services
// recreate, migrate and seed them at start) and empties their Redis database (sessions, rate limits).
//   node scripts/lib/reset-e2e-state.mjs --redis <redis-url> <database-url>...
// Refuses database names without "e2e", "bench" or "soak" in them, so a wrong variable cannot drop real data.
import pg from 'pg';
import { Redis } from 'ioredis';

const args = process.argv.slice(2);
const redisIndex = args.indexOf('--redis');
const redisUrl = redisIndex >= 0 ? args.splice(redisIndex, 2)[1] : undefined;

for (const databaseUrl of args) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z0-9_]*(e2e|bench|soak)[a-z0-9_]*$/.test(name)) {
    console.error(`refusing to drop "${name}": not an e2e, bench or soak database`);
    process.exit(1);
  }
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

if (redisUrl) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}
