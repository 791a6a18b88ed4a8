import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventStreams, EventTypes, eventSubject } from '@medtutor/contracts';
import { ensureStreams, natsAuthOptions, type NatsCredentials, PlatformStreams } from '@medtutor/nest-kit';
import { eventually, startTestNats, type TestNats } from '@medtutor/nest-kit/testing';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, createInbox, type NatsConnection } from '@nats-io/transport-node';

/**
 * The `backup` user of infra/nats/authorization.conf on a real nats-server: what the nightly
 * JetStream backup does (`nats --inbox-prefix _INBOX.backup stream backup`: stream info, then the
 * snapshot API, whose chunks arrive in its inbox and are paced by its acknowledgements) works for
 * every platform stream; everything else is refused. A stolen backup password cannot forge a
 * payment, create or reconfigure a stream to capture subjects, purge or delete one, or restore.
 */
const REPO = fileURLToPath(new URL('../../', import.meta.url));
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
type User = (typeof USERS)[number];
const credentials = Object.fromEntries(
  USERS.map((user) => [user, { user, password: `n${randomBytes(24).toString('hex')}` }]),
) as Record<User, NatsCredentials>;
const serverEnv = Object.fromEntries(
  USERS.map((user) => [`NATS_${user.toUpperCase().replace('-', '_')}_PASSWORD`, credentials[user].password]),
);
const PERMISSION_DENIED = /Permissions Violation/;
const PAYMENTS = EventStreams.catalogPayments.name;

interface Client {
  nc: NatsConnection;
  violations: string[];
}

async function connectAs(url: string, user: User): Promise<Client> {
  const nc = await connect({ servers: url, ...natsAuthOptions(credentials[user]) });
  const client: Client = { nc, violations: [] };
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type !== 'error') continue;
      const error = status.error as Error & { operation?: string; subject?: string };
      if (error.name === 'PermissionViolationError') client.violations.push(`${error.operation} ${error.subject}`);
    }
  })();
  return client;
}

/**
 * A stream snapshot as `nats stream backup` takes it: the request names a deliver subject in the
 * caller's inbox; the server sends the chunks there, each to be acknowledged on its reply subject
 * (`$JS.SNAPSHOT.ACK.<stream>.…`), and ends with an empty message.
 */
async function snapshot(nc: NatsConnection, stream: string): Promise<{ bytes: number; chunks: number }> {
  const deliver = createInbox('_INBOX.backup');
  const sub = nc.subscribe(deliver);
  const reply = await nc.request(
    `$JS.API.STREAM.SNAPSHOT.${stream}`,
    JSON.stringify({ deliver_subject: deliver, chunk_size: 1024, jsck: true }),
    { timeout: 5_000 },
  );
  const answer = reply.json<{ error?: { description: string }; config?: { name: string } }>();
  expect(answer.error).toBeUndefined();
  expect(answer.config?.name).toBe(stream);
  let bytes = 0;
  let chunks = 0;
  for await (const msg of sub) {
    if (msg.data.length === 0) break;
    bytes += msg.data.length;
    chunks += 1;
    expect(msg.reply?.startsWith(`$JS.SNAPSHOT.ACK.${stream}.`)).toBe(true);
    msg.respond();
  }
  sub.unsubscribe();
  return { bytes, chunks };
}

describe('the backup user of infra/nats/authorization.conf', () => {
  let nats: TestNats;
  let admin: Client;
  let backup: Client;

  beforeAll(async () => {
    nats = await startTestNats({ config: join(REPO, 'infra/nats/authorization.conf'), env: serverEnv });
    admin = await connectAs(nats.url, 'admin');
    backup = await connectAs(nats.url, 'backup');
    // The platform's streams with something in them, and a durable consumer the snapshot carries.
    await ensureStreams(admin.nc, PlatformStreams);
    const js = jetstream(admin.nc);
    for (let index = 0; index < 20; index += 1) {
      await js.publish(eventSubject(EventTypes.paymentSucceeded), JSON.stringify({ index, pad: 'x'.repeat(200) }), {
        msgID: randomUUID(),
      });
    }
    const jsm = await jetstreamManager(admin.nc);
    await jsm.consumers.add(PAYMENTS, { durable_name: 'backup-test', ack_policy: AckPolicy.Explicit });
  });

  afterAll(async () => {
    await Promise.all([admin?.nc.close(), backup?.nc.close()]);
    await nats?.stop();
  });

  it.each(PlatformStreams.map((stream) => stream.name))(
    'reads the configuration of %s and takes its snapshot, as the nightly backup does',
    async (stream) => {
      const info = await backup.nc.request(`$JS.API.STREAM.INFO.${stream}`, '', { timeout: 5_000 });
      expect(info.json<{ config: { name: string } }>().config.name).toBe(stream);
      const taken = await snapshot(backup.nc, stream);
      expect(taken.chunks).toBeGreaterThan(0);
      expect(taken.bytes).toBeGreaterThan(0);
      expect(backup.violations).toEqual([]);
    },
  );

  it('snapshots a stream with more chunks than one window, acknowledging each (flow control)', async () => {
    const taken = await snapshot(backup.nc, PAYMENTS);
    expect(taken.chunks).toBeGreaterThan(1);
    expect(backup.violations).toEqual([]);
  });

  it('cannot publish an event, into core NATS or into a stream', async () => {
    const jsm = await jetstreamManager(admin.nc);
    const before = (await jsm.streams.info(PAYMENTS)).state.messages;
    const subject = eventSubject(EventTypes.paymentSucceeded);
    backup.nc.publish(subject, '{"forged":true}');
    await backup.nc.flush();
    await eventually(async () => backup.violations.includes(`publish ${subject}`) || undefined, 5_000, 'the refusal');
    await expect(jetstream(backup.nc).publish(subject, '{"forged":true}', { timeout: 2_000 })).rejects.toThrow(
      PERMISSION_DENIED,
    );
    expect((await jsm.streams.info(PAYMENTS)).state.messages).toBe(before);
  });

  it('cannot create, reconfigure, purge, delete or restore a stream, nor touch a consumer', async () => {
    const jsm = await jetstreamManager(backup.nc);
    await expect(jsm.streams.add({ name: 'CAPTURE', subjects: ['_INBOX.gateway.>'] })).rejects.toThrow(
      PERMISSION_DENIED,
    );
    await expect(jsm.streams.update(PAYMENTS, { max_age: 1_000_000_000 })).rejects.toThrow(PERMISSION_DENIED);
    await expect(jsm.streams.purge(PAYMENTS)).rejects.toThrow(PERMISSION_DENIED);
    await expect(jsm.streams.delete(PAYMENTS)).rejects.toThrow(PERMISSION_DENIED);
    await expect(
      jsm.consumers.add(PAYMENTS, { durable_name: 'backup-reader', ack_policy: AckPolicy.Explicit }),
    ).rejects.toThrow(PERMISSION_DENIED);
    await expect(jsm.consumers.delete(PAYMENTS, 'backup-test')).rejects.toThrow(PERMISSION_DENIED);
    for (const subject of [`$JS.API.STREAM.RESTORE.${PAYMENTS}`, `$JS.API.STREAM.MSG.DELETE.${PAYMENTS}`]) {
      await expect(backup.nc.request(subject, '{}', { timeout: 2_000 })).rejects.toThrow(PERMISSION_DENIED);
    }
    const state = await (await jetstreamManager(admin.nc)).streams.info(PAYMENTS);
    expect(state.config.max_age).not.toBe(1_000_000_000);
    expect(state.state.messages).toBeGreaterThan(0);
  });

  it("snapshots no stream but the platform's, and reads no other process's inbox", async () => {
    const jsm = await jetstreamManager(admin.nc);
    await jsm.streams.add({ name: 'OTHER', subjects: ['other.>'] });
    await expect(
      backup.nc.request(
        '$JS.API.STREAM.SNAPSHOT.OTHER',
        JSON.stringify({ deliver_subject: createInbox('_INBOX.backup') }),
        {
          timeout: 2_000,
        },
      ),
    ).rejects.toThrow(PERMISSION_DENIED);
    const eavesdrop = backup.nc.subscribe('_INBOX.gateway.>');
    const closed = await eavesdrop.closed.then((error) => (error as Error | undefined)?.message);
    expect(closed).toMatch(PERMISSION_DENIED);
  });
});
