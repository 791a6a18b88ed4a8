import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  DeadLetterStream,
  EventStreams,
  EventTypes,
  eventSubject,
  HealthReplySchema,
  HealthSubjects,
  type PaymentSucceededV1,
  PlatformConsumers,
  type ServiceName,
} from '@medtutor/contracts';
import {
  consumerDefinition,
  consumerSettings,
  ensureStreams,
  natsAuthOptions,
  type NatsCredentials,
  newEvent,
  platformConsumerDefinitions,
  PlatformStreams,
  provisionEvents,
  streamConfig,
  streamOfEvent,
} from '@medtutor/nest-kit';
import {
  createTestDatabase,
  eventually,
  type ServiceProcess,
  startServiceProcess,
  startTestNats,
  type TestDatabase,
  type TestNats,
} from '@medtutor/nest-kit/testing';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';

/**
 * The platform's NATS authorization (infra/nats/authorization.conf) on a real nats-server: each
 * process's user publishes only its own events, answers only its own RPCs, calls only what it needs,
 * reads only its own durable consumers, and creates, edits, deletes or purges no stream or consumer:
 * only the provisioner user does, through `provisionEvents` (`npm run events -- provision`). Then the
 * real catalog-payments and tutoring builds run on it with their own users: the gateway's user reaches
 * them over RPC, and a payment event crosses from one to the other through JetStream (tutoring started
 * before provisioning, which it waits for).
 */
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG = join(REPO, 'infra/nats/authorization.conf');
const USERS = [
  'gateway',
  'identity',
  'catalog-payments',
  'tutoring',
  'reviews',
  'payroll',
  'provisioner',
  'backup',
  'admin',
] as const;
const APP_USERS = ['identity', 'catalog-payments', 'tutoring', 'reviews', 'payroll'] as const;
type User = (typeof USERS)[number];

const credentials = Object.fromEntries(
  USERS.map((user) => [user, { user, password: `n${randomBytes(24).toString('hex')}` }]),
) as Record<User, NatsCredentials>;
/** What the server reads for `$NATS_<USER>_PASSWORD`, as scripts/lib/local-env.sh exports it. */
const serverEnv = Object.fromEntries(
  USERS.map((user) => [`NATS_${user.toUpperCase().replace('-', '_')}_PASSWORD`, credentials[user].password]),
);

const PERMISSION_DENIED = /Permissions Violation/;

interface Client {
  user: User;
  nc: NatsConnection;
  /** The permission errors the server sent this connection, as `<operation> <subject>`. */
  violations: string[];
}

/** Empty: the tests provision it themselves, as the provisioner user. */
async function startAuthorizedNats(): Promise<TestNats> {
  return startTestNats({ config: CONFIG, env: serverEnv, provision: false });
}

async function connectAs(url: string, user: User, open: Client[]): Promise<Client> {
  const nc = await connect({ servers: url, ...natsAuthOptions(credentials[user]) });
  const client: Client = { user, nc, violations: [] };
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type !== 'error') continue;
      const error = status.error as Error & { operation?: string; subject?: string };
      if (error.name === 'PermissionViolationError') client.violations.push(`${error.operation} ${error.subject}`);
    }
  })();
  open.push(client);
  return client;
}

describe('infra/nats/authorization.conf on nats-server', () => {
  let nats: TestNats;
  const open: Client[] = [];
  let gateway: Client;
  let identity: Client;
  let payments: Client;
  let tutoring: Client;
  let admin: Client;
  let provisioner: Client;

  beforeAll(async () => {
    nats = await startAuthorizedNats();
    gateway = await connectAs(nats.url, 'gateway', open);
    identity = await connectAs(nats.url, 'identity', open);
    payments = await connectAs(nats.url, 'catalog-payments', open);
    tutoring = await connectAs(nats.url, 'tutoring', open);
    admin = await connectAs(nats.url, 'admin', open);
    provisioner = await connectAs(nats.url, 'provisioner', open);
  });

  afterAll(async () => {
    await Promise.all(open.map((client) => client.nc.close()));
    await nats?.stop();
  });

  it('provisions every stream and registry consumer as the provisioner user, and again without change', async () => {
    // No app may do it in its place, not even for its own stream.
    await expect(ensureStreams(payments.nc, [EventStreams.catalogPayments])).rejects.toThrow(PERMISSION_DENIED);
    const first = await provisionEvents(provisioner.nc);
    expect(first.streams.sort()).toEqual(PlatformStreams.map(({ name }) => name).sort());
    expect(first.consumers).toEqual(
      platformConsumerDefinitions().map(({ stream, durable }) => ({ stream, durable, outcome: 'created' })),
    );
    const again = await provisionEvents(provisioner.nc);
    expect(new Set(again.consumers.map(({ outcome }) => outcome))).toEqual(new Set(['unchanged']));
    const jsm = await jetstreamManager(admin.nc);
    const consumer = await jsm.consumers.info(EventStreams.catalogPayments.name, 'tutoring-payment-succeeded');
    expect(consumer.config).toMatchObject({
      filter_subject: eventSubject(EventTypes.paymentSucceeded),
      ack_wait: nanos(PlatformConsumers.tutoringPaymentSucceeded.ackWaitMs),
      max_ack_pending: PlatformConsumers.tutoringPaymentSucceeded.maxAckPending,
      max_deliver: -1,
    });
    // The provisioner itself may delete and purge nothing, and reads no message.
    const refused = (subject: string, body: unknown = {}) =>
      expect(provisioner.nc.request(subject, JSON.stringify(body), { timeout: 2_000 })).rejects.toThrow(
        PERMISSION_DENIED,
      );
    await refused(`$JS.API.STREAM.DELETE.${DeadLetterStream.name}`);
    await refused(`$JS.API.STREAM.PURGE.${EventStreams.catalogPayments.name}`);
    await refused(`$JS.API.CONSUMER.DELETE.${EventStreams.catalogPayments.name}.tutoring-payment-succeeded`);
    await refused(`$JS.API.CONSUMER.MSG.NEXT.${EventStreams.catalogPayments.name}.tutoring-payment-succeeded`);
    await refused(`$JS.API.STREAM.CREATE.CAPTURE`, { name: 'CAPTURE', subjects: ['_INBOX.gateway.>'] });
  });

  it('admits a process only with its own password', async () => {
    const attempt = (options: { user?: string; pass?: string }) =>
      connect({ servers: nats.url, reconnect: false, ...options }).then((nc) => nc.close().then(() => 'connected'));
    await expect(attempt({})).rejects.toThrow('Authorization Violation');
    await expect(attempt({ user: 'identity', pass: credentials.gateway.password })).rejects.toThrow(
      'Authorization Violation',
    );
    await expect(attempt({ user: 'identity', pass: credentials.identity.password })).resolves.toBe('connected');
  });

  it("stops a service publishing another service's event, in core NATS and into its stream", async () => {
    const seen: string[] = [];
    const watch = admin.nc.subscribe('events.>', { callback: (_error, msg) => void seen.push(msg.subject) });
    await admin.nc.flush();
    const subject = eventSubject(EventTypes.paymentSucceeded);
    const jsm = await jetstreamManager(admin.nc);
    const before = (await jsm.streams.info(EventStreams.catalogPayments.name)).state.messages;

    tutoring.nc.publish(subject, '{"forged":true}');
    await tutoring.nc.flush();
    await expect(jetstream(tutoring.nc).publish(subject, '{"forged":true}', { timeout: 2_000 })).rejects.toThrow(
      `Permissions Violation for Publish to "${subject}"`,
    );
    // Nor may it create or reconfigure the owner's stream to take the subject over.
    await expect(ensureStreams(tutoring.nc, [EventStreams.catalogPayments])).rejects.toThrow(PERMISSION_DENIED);

    // The owner may: the one message in the stream is its own.
    await jetstream(payments.nc).publish(subject, '{"genuine":true}', { msgID: randomUUID() });
    await admin.nc.flush();
    await eventually(async () => seen.length > 0 || undefined, 5_000, 'the owner’s event');
    watch.unsubscribe();
    expect(seen).toEqual([subject]);
    expect((await jsm.streams.info(EventStreams.catalogPayments.name)).state.messages).toBe(before + 1);
    expect(tutoring.violations).toEqual(expect.arrayContaining([`publish ${subject}`]));
  });

  it("stops a service calling, answering or overhearing another service's RPCs", async () => {
    // Identity answers its own subjects in its own queue group; the gateway may call them.
    const responder = identity.nc.subscribe('identity.*', {
      queue: 'identity',
      callback: (_error, msg) => void msg.respond(JSON.stringify({ answeredBy: 'identity' })),
    });
    await identity.nc.flush();
    const reply = await gateway.nc.request(HealthSubjects.identity, '{}', { timeout: 2_000 });
    expect(reply.json()).toEqual({ answeredBy: 'identity' });
    expect(reply.subject.startsWith('_INBOX.gateway.')).toBe(true);

    await expect(tutoring.nc.request('identity.get_user', '{}', { timeout: 2_000 })).rejects.toThrow(
      'Permissions Violation for Publish to "identity.get_user"',
    );
    const denied = async (client: Client, subject: string, queue?: string) => {
      const sub = client.nc.subscribe(subject, queue ? { queue } : {});
      return sub.closed.then((error) => (error as Error | undefined)?.message);
    };
    // Answering in identity's place, in its group or another, or reading the gateway's replies.
    expect(await denied(tutoring, 'identity.get_user', 'identity')).toMatch(PERMISSION_DENIED);
    expect(await denied(identity, 'identity.get_user', 'eavesdropper')).toMatch(PERMISSION_DENIED);
    expect(await denied(tutoring, '_INBOX.gateway.>')).toMatch(PERMISSION_DENIED);
    expect(await denied(gateway, 'identity.*', 'identity')).toMatch(PERMISSION_DENIED);
    responder.unsubscribe();
  });

  it('lets the gateway publish no event and use no JetStream API', async () => {
    const subject = eventSubject(EventTypes.userRegistered);
    gateway.nc.publish(subject, '{"forged":true}');
    await gateway.nc.flush();
    await eventually(async () => gateway.violations.includes(`publish ${subject}`) || undefined, 5_000, 'the refusal');
    await expect(jetstream(gateway.nc).publish(subject, '{}', { timeout: 2_000 })).rejects.toThrow(PERMISSION_DENIED);
    await expect(jetstreamManager(gateway.nc)).rejects.toThrow('Permissions Violation for Publish to "$JS.API.INFO"');
  });

  it('lets the gateway overhear the events of its in-memory read models, and no other event', async () => {
    const subject = eventSubject(EventTypes.tutorChanged);
    const heard: string[] = [];
    const listening = gateway.nc.subscribe(subject, { callback: (_error, msg) => void heard.push(msg.string()) });
    await gateway.nc.flush();
    tutoring.nc.publish(subject, '{"changed":true}');
    await eventually(async () => heard.length === 1 || undefined, 5_000, 'the event at the gateway');
    expect(heard).toEqual(['{"changed":true}']);
    listening.unsubscribe();

    const denied = (pattern: string) =>
      gateway.nc.subscribe(pattern).closed.then((error) => (error as Error | undefined)?.message);
    expect(await denied(eventSubject(EventTypes.userRegistered))).toMatch(PERMISSION_DENIED);
    expect(await denied('events.reviews.>')).toMatch(PERMISSION_DENIED);
  });

  it("lets a service read another's stream only through its own provisioned durables, and ack there", async () => {
    const stream = EventStreams.catalogPayments.name;
    const subject = eventSubject(EventTypes.paymentSucceeded);
    await jetstream(payments.nc).publish(subject, '{"read":"by tutoring"}', { msgID: randomUUID() });
    // Its own durable: it reads the next message and acknowledges it.
    const consumer = await jetstream(tutoring.nc).consumers.get(stream, 'tutoring-payment-succeeded');
    const msg = await consumer.next({ expires: 5_000 });
    expect(msg?.subject).toBe(subject);
    await msg!.ackAck();
    expect((await consumer.info()).ack_floor.stream_seq).toBe(msg!.info.streamSequence);
    // Another service's durable cannot be drained, nor its messages acknowledged.
    await expect(
      tutoring.nc.request(`$JS.API.CONSUMER.MSG.NEXT.${stream}.reviews-payment-succeeded`, '{}', { timeout: 2_000 }),
    ).rejects.toThrow(PERMISSION_DENIED);
    // A consumer of its own choosing, or its own durable widened to every payment event: refused.
    const jsm = await jetstreamManager(tutoring.nc);
    await expect(
      jsm.consumers.add(stream, { durable_name: 'tutoring-everything', ack_policy: AckPolicy.Explicit }),
    ).rejects.toThrow(PERMISSION_DENIED);
    await expect(
      jsm.consumers.add(stream, {
        durable_name: 'tutoring-payment-succeeded',
        filter_subject: 'events.payments.>',
        ack_policy: AckPolicy.Explicit,
      }),
    ).rejects.toThrow(PERMISSION_DENIED);
  });

  describe.each(APP_USERS)('the %s user', (user) => {
    const eventStreams = Object.values(EventStreams).map(({ name }) => name);
    const allStreams = [...eventStreams, DeadLetterStream.name];
    const ownStream = streamOfEvent(`${user === 'catalog-payments' ? 'payments' : user}.anything.v1`).name;
    const ownConsumers = Object.values(PlatformConsumers).filter((entry) => entry.service === user);
    const otherConsumers = Object.values(PlatformConsumers).filter((entry) => entry.service !== user);
    const config = (stream: string) => streamConfig(PlatformStreams.find(({ name }) => name === stream)!);

    /** The raw JetStream API request, so nothing the client checks first stands in for the server's refusal. */
    const attempt = async (subject: string, body: unknown = {}) => {
      const client = open.find((candidate) => candidate.user === user)!;
      await expect(client.nc.request(subject, JSON.stringify(body), { timeout: 2_000 })).rejects.toThrow(
        PERMISSION_DENIED,
      );
    };

    beforeAll(async () => {
      if (!open.some((client) => client.user === user)) await connectAs(nats.url, user, open);
    });

    it('may create no stream: not one capturing the gateway’s replies, not any platform stream', async () => {
      await attempt('$JS.API.STREAM.CREATE.CAPTURE', { name: 'CAPTURE', subjects: ['_INBOX.gateway.>'] });
      for (const stream of allStreams) await attempt(`$JS.API.STREAM.CREATE.${stream}`, config(stream));
    });

    it('may edit no stream: its own (subjects, republish), another’s, or DEAD_LETTERS’ retention', async () => {
      await attempt(`$JS.API.STREAM.UPDATE.${ownStream}`, {
        ...config(ownStream),
        republish: { src: '>', dest: 'events.payments.payment_succeeded.v1' },
      });
      await attempt(`$JS.API.STREAM.UPDATE.${ownStream}`, {
        ...config(ownStream),
        subjects: [...config(ownStream).subjects!, '_INBOX.gateway.>'],
      });
      for (const stream of eventStreams.filter((name) => name !== ownStream)) {
        await attempt(`$JS.API.STREAM.UPDATE.${stream}`, { ...config(stream), subjects: ['events.>'] });
      }
      await attempt(`$JS.API.STREAM.UPDATE.${DeadLetterStream.name}`, {
        ...config(DeadLetterStream.name),
        max_age: nanos(1_000),
      });
    });

    it('may delete or purge no stream and delete no stored message', async () => {
      for (const stream of allStreams) {
        await attempt(`$JS.API.STREAM.DELETE.${stream}`);
        await attempt(`$JS.API.STREAM.PURGE.${stream}`);
        await attempt(`$JS.API.STREAM.MSG.DELETE.${stream}`, { seq: 1 });
      }
    });

    it('may create, edit or delete no consumer: its own, another’s, or a new one', async () => {
      const stream = EventStreams.catalogPayments.name;
      await attempt(`$JS.API.CONSUMER.CREATE.${stream}.${user}-new.events.payments.>`, {
        stream_name: stream,
        config: { durable_name: `${user}-new`, filter_subject: 'events.payments.>', ack_policy: 'explicit' },
      });
      await attempt(`$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${user}-new`, {
        stream_name: stream,
        config: { durable_name: `${user}-new`, ack_policy: 'explicit' },
      });
      for (const entry of [...ownConsumers, ...otherConsumers]) {
        const { stream: read, durable, filterSubject } = consumerDefinition(entry);
        // Re-created with its own filter but another ack wait, widened to the whole stream, deleted.
        await attempt(`$JS.API.CONSUMER.CREATE.${read}.${durable}.${filterSubject}`, {
          stream_name: read,
          config: { durable_name: durable, filter_subject: filterSubject, ack_policy: 'explicit', ack_wait: 1 },
        });
        await attempt(`$JS.API.CONSUMER.CREATE.${read}.${durable}`, {
          stream_name: read,
          config: { durable_name: durable, ack_policy: 'explicit' },
        });
        await attempt(`$JS.API.CONSUMER.DELETE.${read}.${durable}`);
      }
    });

    it('left every stream and consumer as provisioned', async () => {
      const jsm = await jetstreamManager(admin.nc);
      for (const stream of allStreams) {
        const info = await jsm.streams.info(stream);
        expect({ stream, subjects: info.config.subjects, republish: info.config.republish ?? null }).toEqual({
          stream,
          subjects: config(stream).subjects,
          republish: null,
        });
        expect(info.config.max_age).toBe(config(stream).max_age);
      }
      await expect(jsm.streams.info('CAPTURE')).rejects.toThrow(/stream not found/);
      for (const definition of platformConsumerDefinitions()) {
        const info = await jsm.consumers.info(definition.stream, definition.durable);
        expect(info.config).toMatchObject(consumerSettings(definition));
      }
    });
  });
});

describe('the real services on the authorized NATS, each with its own user', () => {
  let nats: TestNats;
  let databases: { payments: TestDatabase; tutoring: TestDatabase } | undefined;
  const services: ServiceProcess[] = [];
  const open: Client[] = [];
  let mailDir: string;

  const startService = (service: ServiceName, env: Record<string, string>) =>
    startServiceProcess({
      entry: join(REPO, 'services', service, 'dist/main.js'),
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        NATS_URL: nats.url,
        NATS_USER: service,
        NATS_PASSWORD: credentials[service as User].password,
        MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
        MAIL_OUTBOX_DIR: mailDir,
        SUPPORT_EMAIL: 'team@medpath.test',
        // The gateway's actor-signing key the services trust; this test sends no actor.
        ACTOR_VERIFY_KEYS: generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        ...env,
      },
      natsUrl: nats.url,
      // The readiness probe asks as the gateway does.
      natsCredentials: credentials.gateway,
      healthSubject: HealthSubjects[service],
    }).then((started) => {
      services.push(started);
      return started;
    });

  const query = async <R extends pg.QueryResultRow>(db: TestDatabase, text: string, values: unknown[]) => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    nats = await startAuthorizedNats();
    mailDir = await mkdtemp(join(tmpdir(), 'nats-auth-mail-'));
    databases = {
      payments: await createTestDatabase(
        'nats_auth_payments',
        join(REPO, 'services/catalog-payments/prisma/migrations'),
      ),
      tutoring: await createTestDatabase('nats_auth_tutoring', join(REPO, 'services/tutoring/prisma/migrations')),
    };
  });

  afterAll(async () => {
    await Promise.all(services.splice(0).map((service) => service.stop()));
    await Promise.all(open.map((client) => client.nc.close()));
    await databases?.payments.drop();
    await databases?.tutoring.drop();
    await rm(mailDir, { recursive: true, force: true });
    await nats?.stop();
  });

  it('answer the gateway, and a payment made in catalog-payments credits hours in tutoring', async () => {
    const dbs = databases!;
    // Tutoring first, before provisioning: its stream and consumer do not exist yet, it creates
    // neither, and it must start anyway and wait for them.
    await startService('tutoring', { TUTORING_DATABASE_URL: dbs.tutoring.url });
    // The deploy step, as the Kubernetes Job and docker-compose run it: the built CLI as the provisioner.
    const provisioned = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [join(REPO, 'packages/nest-kit/dist/cli/events.js'), 'provision'],
        {
          env: {
            PATH: process.env.PATH ?? '',
            NATS_URL: nats.url,
            NATS_USER: 'provisioner',
            NATS_PASSWORD: credentials.provisioner.password,
          },
        },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
      ),
    );
    expect(provisioned).toContain(`Consumer ${EventStreams.catalogPayments.name}/tutoring-payment-succeeded: created.`);
    await startService('catalog-payments', { PAYMENTS_DATABASE_URL: dbs.payments.url, PAYMENTS_PROVIDER: 'demo' });

    const gateway = await connectAs(nats.url, 'gateway', open);
    for (const service of ['tutoring', 'catalog-payments'] as const) {
      const reply = await gateway.nc.request(
        HealthSubjects[service],
        JSON.stringify({
          pattern: HealthSubjects[service],
          id: randomUUID(),
          data: { meta: { correlationId: 'nats-authorization-test', actor: null }, data: {} },
        }),
        { timeout: 5_000 },
      );
      expect(HealthReplySchema.parse(reply.json<{ response: unknown }>().response)).toMatchObject({
        service,
        status: 'ok',
      });
    }
    const tutoring = await connectAs(nats.url, 'tutoring', open);
    await expect(tutoring.nc.request(HealthSubjects['catalog-payments'], '{}', { timeout: 2_000 })).rejects.toThrow(
      PERMISSION_DENIED,
    );

    // catalog-payments' relay publishes what its transactions wrote to the outbox: first a broken
    // event, which tutoring's consumer files in the dead letters, then a real payment.
    const outbox = (id: string, payload: unknown) =>
      query(
        dbs.payments,
        'INSERT INTO outbox_events (id, type, subject, payload) VALUES ($1::uuid, $2, $3, $4::jsonb)',
        [id, EventTypes.paymentSucceeded, eventSubject(EventTypes.paymentSucceeded), JSON.stringify(payload)],
      );
    await outbox(randomUUID(), { not: 'an envelope' });
    const payment: PaymentSucceededV1 = {
      paymentId: randomUUID(),
      userId: 77,
      subject: 'UCAT',
      packageType: 'package5',
      packageName: '5 Sessions Package',
      hours: 5,
      currency: 'GBP',
      amount: 25000,
      discountCode: null,
      provider: 'demo',
      paidAt: '2026-11-25T12:00:00.000Z',
    };
    const envelope = newEvent(EventTypes.paymentSucceeded, 1, payment, 'nats-authorization-test');
    await outbox(envelope.id, envelope);

    const [credited] = await eventually(
      async () => {
        const rows = await query<{ user_id: number; total_hours: string }>(
          dbs.tutoring,
          'SELECT user_id, total_hours FROM user_sessions WHERE payment_id = $1',
          [payment.paymentId],
        );
        return rows.length ? rows : undefined;
      },
      30_000,
      'the hours credited in tutoring',
    );
    expect(credited).toEqual({ user_id: 77, total_hours: '5.0' });

    const admin = await connectAs(nats.url, 'admin', open);
    const jsm = await jetstreamManager(admin.nc);
    const letters = await eventually(
      async () => (await jsm.streams.info(DeadLetterStream.name, { subjects_filter: '>' })).state.subjects,
      15_000,
      'the dead letter',
    );
    expect(letters).toEqual({ 'deadletter.tutoring-payment-succeeded': 1 });
    const published = await query<{ n: number }>(
      dbs.payments,
      'SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NOT NULL',
      [],
    );
    expect(published[0]?.n).toBe(2);
  }, 120_000);
});
