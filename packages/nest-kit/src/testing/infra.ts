import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { applyMigrations, ensureDatabase } from '../db/migrations.js';
import { splitDatabaseUrl, withDatabase } from '../db/database-url.js';

/**
 * Test infrastructure: the local services named by TEST_DATABASE_URL / TEST_NATS_URL / TEST_REDIS_URL
 * when set; otherwise testcontainers when a container runtime exists; otherwise the loopback
 * defaults (the machines this project runs on have these servers but no Docker engine).
 */
type Started = { url: string; stop: () => Promise<void> };
const started = new Map<string, Promise<string>>();
const stops: Array<() => Promise<void>> = [];

async function resolveUrl(envVar: string, fallback: string, start: () => Promise<Started>): Promise<string> {
  const fromEnv = process.env[envVar];
  if (fromEnv) return fromEnv;
  let pending = started.get(envVar);
  if (!pending) {
    pending = start().then(
      (container) => {
        stops.push(container.stop);
        return container.url;
      },
      () => fallback, // no container runtime: use the local server
    );
    started.set(envVar, pending);
  }
  return pending;
}

export function testPostgresAdminUrl(): Promise<string> {
  return resolveUrl('TEST_DATABASE_URL', 'postgresql://postgres@127.0.0.1:5432/postgres', async () => {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    return {
      url: withDatabase(container.getConnectionUri(), 'postgres'),
      stop: async () => void (await container.stop()),
    };
  });
}

export function testNatsUrl(): Promise<string> {
  return resolveUrl('TEST_NATS_URL', 'nats://127.0.0.1:4222', async () => {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('nats:2.10-alpine')
      .withCommand(['-js'])
      .withExposedPorts(4222)
      .start();
    return {
      url: `nats://${container.getHost()}:${container.getMappedPort(4222)}`,
      stop: async () => void (await container.stop()),
    };
  });
}

export function testRedisUrl(): Promise<string> {
  return resolveUrl('TEST_REDIS_URL', 'redis://127.0.0.1:6379', async () => {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    return {
      url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`,
      stop: async () => void (await container.stop()),
    };
  });
}

/** Stops containers started by this test file (call in afterAll). */
export async function stopTestInfra(): Promise<void> {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  started.clear();
}

export interface TestDatabase {
  url: string;
  /** Empties every table but Prisma's migration history, for a clean state between tests. */
  truncate: () => Promise<void>;
  drop: () => Promise<void>;
}

/** A fresh database for one test file, migrated like production. Never shared, never dirty. */
export async function createTestDatabase(label: string, migrationsDir: string): Promise<TestDatabase> {
  const admin = await testPostgresAdminUrl();
  const name = `t_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`.slice(0, 63);
  const url = withDatabase(admin, name);
  await ensureDatabase(url);
  await applyMigrations({ databaseUrl: url, migrationsDir });
  return {
    url,
    truncate: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ tablename: string }>(
          `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
        );
        if (rows.length) {
          await client.query(`TRUNCATE ${rows.map((row) => `"${row.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
        }
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      const client = new pg.Client({ connectionString: splitDatabaseUrl(url).adminUrl });
      await client.connect();
      try {
        // A pool that has just ended may still be closing its sockets; FORCE would kill them and
        // their client would raise an unhandled error in the test process. Give them a moment.
        for (let waited = 0; waited < 2_000; waited += 50) {
          const { rows } = await client.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (!rows[0]?.n) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Runs SQL on a test database (or its URL), for setup and assertions the RPC surface does not expose. */
export async function sql<R extends pg.QueryResultRow = Record<string, unknown>>(
  database: string | Pick<TestDatabase, 'url'>,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: typeof database === 'string' ? database : database.url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}
