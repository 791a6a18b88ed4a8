import { describe, expect, it } from '@jest/globals';
import { testActorKeys } from '../testing/actor-assertions.js';
import { withVerifiedTls } from '../testing/database-tls.js';
import { PUBLISHED_DEV_ACTOR_PUBLIC_KEY, actorVerifyEnvShape } from '../rpc/actor-assertion.js';
import { loadConfig, serviceEnvSchema } from './load-config.js';
import { serviceRuntime } from './service-runtime.js';

const schema = serviceEnvSchema('EXAMPLE_DATABASE_URL')
  .extend(actorVerifyEnvShape)
  .transform((env, ctx) => serviceRuntime(env, ctx, { variable: 'EXAMPLE_DATABASE_URL', leases: 1 }));
const load = (env: NodeJS.ProcessEnv) =>
  loadConfig(schema, {
    EXAMPLE_DATABASE_URL: 'postgresql://app@db:5432/example',
    ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
    ...env,
  });

describe('serviceRuntime', () => {
  it('gives every service the same runtime settings from its env and its own database URL', () => {
    const config = load({ NATS_USER: 'reviews', NATS_PASSWORD: 'reviewsPassword-0123456789', HEALTH_PORT: '9090' });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      logLevel: 'info',
      natsUrl: 'nats://127.0.0.1:4222',
      natsCredentials: { user: 'reviews', password: 'reviewsPassword-0123456789' },
      healthPort: 9090,
      databaseUrl: 'postgresql://app@db:5432/example',
      dbAutoCreate: false,
      migrateOnStart: true,
      databaseConnections: { prisma: 7, relays: 2, leases: 1 },
    });
    expect(config.actorVerifyKeys).toHaveLength(1);
  });

  it('splits DATABASE_CONNECTIONS (10 when unset) between the pools and locks, the rest to Prisma', () => {
    expect(load({ DATABASE_CONNECTIONS: '8' }).databaseConnections).toEqual({ prisma: 5, relays: 2, leases: 1 });
    expect(load({ DATABASE_CONNECTIONS: '' }).databaseConnections.prisma).toBe(7);
    expect(() => load({ DATABASE_CONNECTIONS: '4' })).toThrow(/DATABASE_CONNECTIONS: 4 connections .* set at least 5/);
    expect(() => load({ DATABASE_CONNECTIONS: '0' })).toThrow(/DATABASE_CONNECTIONS/);
  });

  it('refuses a database URL without verified TLS in production, naming the variable and the fix', () => {
    const production = {
      NODE_ENV: 'production',
      NATS_USER: 'reviews',
      NATS_PASSWORD: 'reviewsPassword-0123456789',
    };
    expect(() =>
      load({ ...production, EXAMPLE_DATABASE_URL: 'postgresql://app@db:5432/example?sslmode=require' }),
    ).toThrow(
      /EXAMPLE_DATABASE_URL: sslmode=require .* use sslmode=verify-full&sslrootcert=\/etc\/medtutor\/database-ca\/ca.pem/,
    );
    const verified = withVerifiedTls('postgresql://app@db:5432/example');
    expect(load({ ...production, EXAMPLE_DATABASE_URL: verified }).databaseUrl).toBe(verified);
  });

  it('leaves the migrations to a Job with MIGRATE_ON_START=false, and refuses anything but true or false', () => {
    expect(load({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(load({ MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(() => load({ MIGRATE_ON_START: 'no' })).toThrow(/MIGRATE_ON_START/);
  });

  it('refuses placeholders and published development passwords in production, in any variable', () => {
    const production = {
      NODE_ENV: 'production',
      NATS_USER: 'reviews',
      NATS_PASSWORD: 'publishedDevOnly-nats-reviews',
      EXAMPLE_DATABASE_URL: 'postgresql://app:replace_me@db:5432/example',
    };
    expect(() => load(production)).toThrow(
      /NATS_PASSWORD: holds a published development default \(publishedDevOnly…\), refused in production/,
    );
    expect(() => load(production)).toThrow(/EXAMPLE_DATABASE_URL: holds the placeholder "replace_me"/);
    expect(load({ ...production, NODE_ENV: 'development' }).natsCredentials?.password).toBe(production.NATS_PASSWORD);
  });

  it('refuses the published development actor key and incomplete NATS credentials in production', () => {
    const production = {
      NODE_ENV: 'production',
      NATS_USER: 'reviews',
      ACTOR_VERIFY_KEYS: PUBLISHED_DEV_ACTOR_PUBLIC_KEY,
    };
    expect(() => load(production)).toThrow(/ACTOR_VERIFY_KEYS: holds the published development key/);
    expect(() => load(production)).toThrow(/NATS_PASSWORD/);
  });
});
