import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Type } from '@nestjs/common';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { DemoCards, Fixtures, type Role, type RpcMeta, type ServiceName, type UserDto } from '@medtutor/contracts';
import { type ServiceProcess, sql, startTestNats, type TestDatabase, type TestNats } from '@medtutor/nest-kit/testing';
import request from 'supertest';
import { serviceDatabase, serviceEntry, startBuiltService } from './real-services.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './test-gateway.js';

/** Each service's database variable. */
const DATABASE_ENV: Record<ServiceName, string> = {
  identity: 'IDENTITY_DATABASE_URL',
  'catalog-payments': 'PAYMENTS_DATABASE_URL',
  tutoring: 'TUTORING_DATABASE_URL',
  reviews: 'REVIEWS_DATABASE_URL',
  payroll: 'PAYROLL_DATABASE_URL',
};

/** Every user `signIn` registers has this password. */
export const PASSWORD = 'pass-word-1';

export interface ReceivedRequest {
  subject: string;
  meta: RpcMeta;
  data: unknown;
}

/**
 * Every request published on the given subjects, read by a plain subscriber beside the services'
 * queue group: it answers nothing, so the real service still does the work, and a test can tell
 * what the gateway sent and whether it asked at all.
 */
export class RequestLog {
  readonly received: ReceivedRequest[] = [];

  private constructor(private readonly connection: NatsConnection) {}

  static async watch(natsUrl: string, subjects: readonly string[]): Promise<RequestLog> {
    const log = new RequestLog(await connect({ servers: natsUrl }));
    for (const subject of subjects) {
      log.connection.subscribe(subject, {
        callback: (error, msg) => {
          if (error) return;
          // Nest's NATS record: { pattern, data: <the platform's { meta, data } envelope>, id }.
          const { data: envelope } = msg.json<{ data: { meta: RpcMeta; data: unknown } }>();
          log.received.push({ subject: msg.subject, meta: envelope.meta, data: envelope.data });
        },
      });
    }
    // The subscriptions reach the server before any request the test makes next.
    await log.connection.flush();
    return log;
  }

  /** How many requests on `subject` arrived so far: take it before, compare after. */
  async count(subject: string): Promise<number> {
    await this.connection.flush();
    return this.received.filter((received) => received.subject === subject).length;
  }

  async last(subject: string): Promise<ReceivedRequest | undefined> {
    await this.connection.flush();
    return this.received.findLast((received) => received.subject === subject);
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}

export interface RealPlatform {
  nats: TestNats;
  gateway: GatewayUnderTest;
  server: Server;
  databases: Partial<Record<ServiceName, TestDatabase>>;
  /** The services' MAIL_OUTBOX_DIR: each email they send, as a JSON file. */
  mailDir: string;
  /** The requests on the subjects the file asked to watch. */
  requests: RequestLog;
  /** A client address of its own per call (TRUST_PROXY is on), so per-IP limits meet only when a test means them to. */
  freshIp(): string;
  /** A new user of `role`, registered through the gateway, given the role in identity, and signed in. */
  signIn(role: Role): Promise<{ cookie: string; user: UserDto }>;
  /** Stops one of the services (e.g. to see the gateway answer for a service that is gone). */
  stopService(service: ServiceName): Promise<void>;
  /** Starts a stopped service again, on its database and settings: what it missed waits in its durable consumers. */
  startService(service: ServiceName): Promise<void>;
  /**
   * Freezes a service's process (SIGSTOP) until `resume`: a service that hangs, reading nothing and
   * answering nothing; what reached it meanwhile is handled once it resumes, as after a real stall.
   */
  pauseService(service: ServiceName): { resume: () => void };
  close(): Promise<void>;
}

export interface RealPlatformOptions {
  /** Part of the databases' names, unique per file. */
  label: string;
  /** Started with identity, which every sign-in needs. */
  services: Exclude<ServiceName, 'identity'>[];
  /** Extra variables per service, e.g. catalog-payments' provider. */
  serviceEnv?: Partial<Record<ServiceName, Record<string, string>>>;
  gatewayEnv?: Record<string, string>;
  /** Routes only the test has, e.g. guard probes. */
  gatewayControllers?: Type[];
  /** Subjects whose requests `requests` keeps. */
  watch?: readonly string[];
  /** A NATS of the caller's (e.g. one a test kills and restarts) instead of a new private one. */
  nats?: TestNats;
}

/**
 * identity and `services` from their builds on fresh databases, a private NATS with JetStream and the
 * real gateway in front, once per test file: the state a test looks at is the owning service's own.
 */
export async function startRealPlatform(options: RealPlatformOptions): Promise<RealPlatform> {
  const nats = options.nats ?? (await startTestNats());
  const names: ServiceName[] = ['identity', ...options.services];
  const databases: Partial<Record<ServiceName, TestDatabase>> = {};
  const processes = new Map<ServiceName, ServiceProcess>();
  const envs = new Map<ServiceName, Record<string, string>>();
  const mail = {
    MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), `gw-${options.label}-mail-`)),
  };
  const defaults: Partial<Record<ServiceName, Record<string, string>>> = {
    identity: { PUBLIC_BASE_URL: 'http://localhost:8080' },
    'catalog-payments': { PAYMENTS_PROVIDER: 'demo' },
    tutoring: { SUPPORT_EMAIL: 'team@medpath.test' },
  };
  let gateway: GatewayUnderTest | undefined;
  let requests: RequestLog | undefined;
  const close = async () => {
    await requests?.close();
    await gateway?.close();
    await Promise.all([...processes.values()].map((service) => service.stop()));
    processes.clear();
    await nats.stop();
    await Promise.all(Object.values(databases).map((db) => db.drop()));
  };
  try {
    await Promise.all(
      names.map(async (name) => {
        const db = await serviceDatabase(name, `gw_${options.label}_${name.replace('-', '_')}`);
        databases[name] = db;
        const env = { ...mail, ...defaults[name], ...options.serviceEnv?.[name], [DATABASE_ENV[name]]: db.url };
        envs.set(name, env);
        processes.set(name, await startBuiltService(name, nats.url, env));
      }),
    );
    gateway = await startGatewayOn(nats.url, {
      env: { TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000', ...options.gatewayEnv },
      controllers: options.gatewayControllers,
    });
    requests = await RequestLog.watch(nats.url, options.watch ?? []);
  } catch (error) {
    await close();
    throw error;
  }

  const server = gateway.app.getHttpServer() as Server;
  let ip = 0;
  const freshIp = () => `198.18.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  const signIn = async (role: Role) => {
    const name = `${role}${randomBytes(5).toString('hex')}`;
    const email = `${name}@example.com`;
    const registered = await request(server)
      .post('/api/register')
      .set('X-Forwarded-For', freshIp())
      .send({ username: name, email, password: PASSWORD, dateOfBirth: Fixtures.adultDateOfBirth });
    if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
    const userId = (registered.body as UserDto).id;
    // No route makes a tutor or an admin of a new account at once; identity's own table does.
    if (role !== 'student') await sql(databases.identity!, 'UPDATE users SET role = $2 WHERE id = $1', [userId, role]);
    const login = await request(server)
      .post('/api/login')
      .set('X-Forwarded-For', freshIp())
      .send({ email, password: PASSWORD });
    const cookie = sessionCookieFrom(login);
    if (login.status !== 200 || !cookie) throw new Error(`sign-in as ${role} failed: ${login.status} ${login.text}`);
    return { cookie, user: login.body as UserDto };
  };

  const stopService = async (service: ServiceName) => {
    await processes.get(service)?.stop();
    processes.delete(service);
  };

  const startService = async (service: ServiceName) => {
    if (processes.has(service)) throw new Error(`${service} is running`);
    processes.set(service, await startBuiltService(service, nats.url, envs.get(service)!));
  };

  const pauseService = (service: ServiceName) => {
    // Only this process's own child running that build.
    const [pid] = execFileSync('pgrep', ['-P', String(process.pid), '-f', serviceEntry(service)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
    if (!pid) throw new Error(`${service} is not running`);
    process.kill(pid, 'SIGSTOP');
    return { resume: () => process.kill(pid, 'SIGCONT') };
  };

  return {
    nats,
    gateway,
    server,
    databases,
    mailDir: mail.MAIL_OUTBOX_DIR,
    requests,
    freshIp,
    signIn,
    stopService,
    startService,
    pauseService,
    close,
  };
}

/**
 * A payment a new student made through the gateway with the demo provider's good card (catalog-payments
 * started with PAYMENTS_PROVIDER=demo): 5 hours of interviews, £190.00 in GBP.
 */
export async function paidPayment(
  platform: RealPlatform,
  body: { subject?: string; packageType?: string; currency?: string } = {},
): Promise<{ paymentId: string; userId: number; email: string }> {
  const { cookie, user } = await platform.signIn('student');
  const intent = await request(platform.server)
    .post('/api/create-payment-intent')
    .set('Cookie', cookie)
    .send({ subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP', ...body });
  if (intent.status !== 200) throw new Error(`payment intent refused: ${intent.status} ${intent.text}`);
  const confirmed = await request(platform.server).post('/api/payments/demo/confirm').set('Cookie', cookie).send({
    paymentId: intent.body.paymentId,
    clientSecret: intent.body.clientSecret,
    cardNumber: DemoCards.succeeds,
  });
  if (confirmed.body.status !== 'succeeded') throw new Error(`demo payment not taken: ${confirmed.text}`);
  return { paymentId: intent.body.paymentId as string, userId: user.id, email: user.email };
}

/** Service processes start, migrate and seed: well beyond jest's default hook timeout. */
export const PLATFORM_START_MS = 120_000;
export const PLATFORM_STOP_MS = 30_000;
