import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HealthSubjects, type ServiceName } from '@medtutor/contracts';
import { natsAuthOptions, type NatsCredentials } from '@medtutor/nest-kit';
import {
  createTestDatabase,
  freePort,
  type RestartableNats,
  startRestartableNats,
  type TestDatabase,
  testPostgresAdminUrl,
  testRedisUrl,
} from '@medtutor/nest-kit/testing';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { StripeStandIn } from '../../../services/catalog-payments/test/support/stripe-stand-in.js';
import { AppProcess } from './app-process.js';
import { TcpProxy } from './tcp-proxy.js';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVICES = ['identity', 'catalog-payments', 'tutoring', 'reviews', 'payroll'] as const;
export const APPS = [...SERVICES, 'gateway'] as const;
export type AppName = (typeof APPS)[number];
// The provisioner provisions the streams and consumers once the server is up (startRestartableNats).
const NATS_USERS = [...APPS, 'provisioner', 'backup', 'admin'] as const;
type NatsUser = (typeof NATS_USERS)[number];

export const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;

export interface PlatformOptions {
  /** Names its databases and Redis keys (default faults). */
  label?: string;
  /** The Redis database it empties and uses: the fault suite's 14 by default, away from the developer's (0) and e2e's (15). */
  redisDb?: number;
}

const DATABASE_VARS: Record<ServiceName, string> = {
  identity: 'IDENTITY_DATABASE_URL',
  'catalog-payments': 'PAYMENTS_DATABASE_URL',
  tutoring: 'TUTORING_DATABASE_URL',
  reviews: 'REVIEWS_DATABASE_URL',
  payroll: 'PAYROLL_DATABASE_URL',
};

/** Limits a single test client (one address, a few sessions, many payments) would trip at once. */
const UNLIMITED = '100000/1h';

/**
 * The whole platform as production runs it, on this machine: the five services and the gateway as
 * processes from their builds, each with its own NATS user on a private nats-server with the
 * platform's authorization (infra/nats/authorization.conf, fresh passwords), fresh databases, a
 * Redis database of its own, and the Stripe stand-in. Tutoring reaches its PostgreSQL through a TCP
 * proxy the test can cut.
 */
export class Platform {
  readonly apps = {} as Record<AppName, AppProcess>;
  readonly stripe = new StripeStandIn();
  /** Where the Stripe stand-in answers (the services' STRIPE_API_BASE). */
  stripeUrl = '';
  nats!: RestartableNats;
  tutoringDbProxy!: TcpProxy;
  gatewayUrl = '';
  /** Read-only access to the two databases that hold the truth, straight (not through the proxy). */
  paymentsDb!: pg.Pool;
  tutoringDb!: pg.Pool;
  readonly credentials = Object.fromEntries(
    NATS_USERS.map((user) => [user, { user, password: `n${randomBytes(24).toString('hex')}` }]),
  ) as Record<NatsUser, NatsCredentials>;
  private readonly databases: TestDatabase[] = [];
  private mailDir = '';
  private readonly label: string;
  private readonly redisDb: number;

  constructor({ label = 'faults', redisDb = 14 }: PlatformOptions = {}) {
    this.label = label;
    this.redisDb = redisDb;
  }

  async start(): Promise<void> {
    const serverEnv = Object.fromEntries(
      NATS_USERS.map((user) => [
        `NATS_${user.toUpperCase().replace('-', '_')}_PASSWORD`,
        this.credentials[user].password,
      ]),
    );
    this.nats = await startRestartableNats({ config: join(REPO, 'infra/nats/authorization.conf'), env: serverEnv });
    this.mailDir = await mkdtemp(join(tmpdir(), `${this.label}-mail-`));
    this.stripeUrl = await this.stripe.start();
    const stripeUrl = this.stripeUrl;

    const redisUrl = `${(await testRedisUrl()).replace(/\/\d*$/, '')}/${this.redisDb}`;
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    redis.disconnect();

    const urls = {} as Record<ServiceName, string>;
    for (const service of SERVICES) {
      const db = await createTestDatabase(
        `${this.label}_${service}`,
        join(REPO, 'services', service, 'prisma/migrations'),
      );
      this.databases.push(db);
      urls[service] = db.url;
    }
    const postgres = new URL(await testPostgresAdminUrl());
    this.tutoringDbProxy = new TcpProxy(postgres.hostname, Number(postgres.port || 5432));
    await this.tutoringDbProxy.start();
    this.paymentsDb = new pg.Pool({ connectionString: urls['catalog-payments'], max: 2 });
    this.tutoringDb = new pg.Pool({ connectionString: urls.tutoring, max: 2 });
    const throughProxy = new URL(urls.tutoring);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(this.tutoringDbProxy.port);
    urls.tutoring = throughProxy.toString();

    const keys = generateKeyPairSync('ed25519');
    const common = (user: NatsUser): Record<string, string> => ({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      NATS_URL: this.nats.url,
      NATS_USER: user,
      NATS_PASSWORD: this.credentials[user].password,
    });
    for (const service of SERVICES) {
      const healthPort = await freePort();
      this.apps[service] = new AppProcess(
        service,
        join(REPO, 'services', service, 'dist/main.js'),
        {
          ...common(service),
          HEALTH_PORT: String(healthPort),
          [DATABASE_VARS[service]]: urls[service],
          ACTOR_VERIFY_KEYS: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
          MAIL_FROM: 'MedPath Faults <no-reply@medpath.test>',
          MAIL_OUTBOX_DIR: this.mailDir,
          SUPPORT_EMAIL: 'team@medpath.test',
          PUBLIC_BASE_URL: 'http://localhost:8080',
          PAYMENTS_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString('hex')}`,
          STRIPE_PUBLISHABLE_KEY: 'pk_test_faults',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: stripeUrl,
        },
        `http://127.0.0.1:${healthPort}/readyz`,
      );
    }
    const gatewayPort = await freePort();
    this.gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    this.apps.gateway = new AppProcess(
      'gateway',
      join(REPO, 'gateway/dist/main.js'),
      {
        ...common('gateway'),
        PORT: String(gatewayPort),
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: `${this.label}:`,
        SESSION_SECRET: randomBytes(48).toString('base64url'),
        ACTOR_SIGNING_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        RATE_LIMIT_LOGIN_EMAIL_IP: UNLIMITED,
        RATE_LIMIT_LOGIN_IP: UNLIMITED,
        RATE_LIMIT_REGISTER_IP: UNLIMITED,
        RATE_LIMIT_PAYMENT_INTENTS_SESSION: UNLIMITED,
        RATE_LIMIT_PAYMENT_INTENTS_IP: UNLIMITED,
      },
      `${this.gatewayUrl}/readyz`,
    );
    await Promise.all(SERVICES.map((service) => this.apps[service].start()));
    await this.apps.gateway.start();
  }

  async stop(): Promise<void> {
    await Promise.all(Object.values(this.apps).map((app) => app.stop()));
    await this.paymentsDb?.end();
    await this.tutoringDb?.end();
    await this.tutoringDbProxy?.stop();
    for (const db of this.databases) await db.drop();
    await this.stripe.stop();
    await this.nats?.stop();
    if (this.mailDir) await rm(this.mailDir, { recursive: true, force: true });
  }

  /**
   * The services that do not answer an RPC (their health subject, asked as the gateway does) within
   * 2 s: a process can be up, and even report ready, with its RPC connection given up.
   */
  async silentServices(): Promise<ServiceName[]> {
    const nc = await connect({ servers: this.nats.url, ...natsAuthOptions(this.credentials.gateway) });
    try {
      const answers = await Promise.all(
        SERVICES.map((service) =>
          nc
            .request(
              HealthSubjects[service],
              JSON.stringify({
                pattern: HealthSubjects[service],
                id: randomBytes(8).toString('hex'),
                data: { meta: { correlationId: 'faults-rpc-probe', actor: null }, data: {} },
              }),
              { timeout: 2_000 },
            )
            .then(
              () => true,
              () => false,
            ),
        ),
      );
      return SERVICES.filter((_, i) => !answers[i]);
    } finally {
      await nc.close();
    }
  }

  /** Each app's running process id (undefined when it is down): equal snapshots mean no restart between. */
  processIds(): Record<AppName, number | undefined> {
    return Object.fromEntries(
      APPS.map((name) => [name, this.apps[name].running ? this.apps[name].pids.at(-1) : undefined]),
    ) as Record<AppName, number | undefined>;
  }
}
