import { describe, expect, it } from '@jest/globals';
import { testActorKeys } from '../testing/actor-assertions.js';
import { PUBLISHED_DEV_ACTOR_PUBLIC_KEY, actorVerifyEnvShape } from '../rpc/actor-assertion.js';
import { loadConfig, serviceEnvSchema } from './load-config.js';
import { serviceRuntime } from './service-runtime.js';

const schema = serviceEnvSchema('EXAMPLE_DATABASE_URL')
  .extend(actorVerifyEnvShape)
  .transform((env, ctx) => serviceRuntime(env, ctx, env.EXAMPLE_DATABASE_URL));
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
      databasePoolSize: 10,
    });
    expect(config.actorVerifyKeys).toHaveLength(1);
  });

  it('sizes the Prisma pool from DATABASE_POOL_SIZE, else the URL connection_limit, else 10', () => {
    const limited = 'postgresql://app@db:5432/example?connection_limit=4';
    expect(load({ EXAMPLE_DATABASE_URL: limited }).databasePoolSize).toBe(4);
    expect(load({ EXAMPLE_DATABASE_URL: limited, DATABASE_POOL_SIZE: '7' }).databasePoolSize).toBe(7);
    expect(load({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
    expect(() => load({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
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
