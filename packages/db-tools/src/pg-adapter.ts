import { randomBytes } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import {
  ColumnTypeEnum,
  DriverAdapterError,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import pg from 'pg';

type PgAdapter = Awaited<ReturnType<PrismaPg['connect']>>;

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

type FieldsResult = { fields?: Array<{ dataTypeID: number }> } | undefined;

function charAsText<R extends FieldsResult>(result: R): R {
  for (const field of result?.fields ?? []) {
    if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
  }
  return result;
}

/**
 * adapter-pg 7.10 rejects PostgreSQL's internal one-byte `"char"` type (catalog columns such as
 * `relkind`), which the schema engine reads while introspecting; reporting it as text is exact.
 */
class CharAsTextClient extends pg.Client {
  override query(...args: unknown[]): never {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: FieldsResult) => last(error, charAsText(result));
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    const pending = (super.query as (...a: unknown[]) => unknown)(...args);
    return (pending instanceof Promise ? pending.then(charAsText) : pending) as never;
  }
}

/** Host, port, user and password of the server, without a database name. */
function serverConfig(adminUrl: string): pg.ClientConfig {
  const url = new URL(adminUrl);
  return {
    host: decodeURIComponent(url.hostname),
    port: url.port ? Number(url.port) : 5432,
    user: decodeURIComponent(url.username) || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres',
  };
}

async function onAdmin(config: pg.ClientConfig, sql: string): Promise<void> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface ClosableAdapterFactory extends SqlMigrationAwareDriverAdapterFactory {
  /** Disposes the connections the engine left open (it does not dispose them when freed). */
  close(): Promise<void>;
}

/**
 * A migration-aware adapter factory for the schema engine. adapter-pg's own `connectToShadowDb`
 * lets a `connectionString` override the shadow database's name and drops the database while its
 * pool still holds a connection, so shadow databases are created and dropped here instead.
 */
export function shadowAwareAdapterFactory(adminUrl: string): ClosableAdapterFactory {
  const admin = serverConfig(adminUrl);
  const main = new PrismaPg({ ...admin, Client: CharAsTextClient });
  const open = new Set<PgAdapter>();
  const track = (adapter: PgAdapter, afterDispose?: () => Promise<void>): PgAdapter => {
    const dispose = adapter.dispose.bind(adapter);
    open.add(adapter);
    adapter.dispose = async () => {
      if (!open.delete(adapter)) return;
      await dispose();
      await afterDispose?.();
    };
    return charConstraintTypes(wholeScripts(adapter));
  };
  return {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: async () => track(await main.connect()),
    connectToShadowDb: async () => {
      const database = `prisma_shadow_${Date.now()}_${randomBytes(4).toString('hex')}`;
      await onAdmin(admin, `CREATE DATABASE "${database}"`);
      const adapter = await new PrismaPg({ ...admin, database, Client: CharAsTextClient }).connect();
      return track(adapter, () => onAdmin(admin, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
    },
    close: async () => {
      await Promise.all([...open].map((adapter) => adapter.dispose()));
    },
  };
}

/**
 * The engine reads `pg_constraint.contype` (a `"char"`, reported as text above) as a one-character
 * value, and panics on text once a table has a CHECK or EXCLUDE constraint: hand it over as such.
 */
function charConstraintTypes(adapter: PgAdapter): PgAdapter {
  const queryRaw = adapter.queryRaw.bind(adapter);
  adapter.queryRaw = async (query) => {
    const result = await queryRaw(query);
    result.columnNames.forEach((name, index) => {
      if (name === 'constraint_type' && result.columnTypes[index] === ColumnTypeEnum.Text) {
        result.columnTypes[index] = ColumnTypeEnum.Character;
      }
    });
    return result;
  };
  return adapter;
}

/**
 * adapter-pg's `executeScript` splits scripts on every `;`, which breaks function bodies and
 * quoted text in hand-written migrations; Prisma's native engine sends a script whole, as here.
 */
function wholeScripts(adapter: PgAdapter): PgAdapter {
  const pool = adapter.underlyingDriver();
  adapter.executeScript = async (script: string) => {
    try {
      await pool.query(script);
    } catch (error) {
      // The engine only shows the database's message when the error arrives in the adapter's shape.
      const pgError = error as pg.DatabaseError;
      if (typeof pgError.code !== 'string') throw error;
      throw new DriverAdapterError({
        kind: 'postgres',
        code: pgError.code,
        severity: pgError.severity ?? 'ERROR',
        message: pgError.message,
        detail: pgError.detail,
        column: pgError.column,
        hint: pgError.hint,
      });
    }
  };
  return adapter;
}
