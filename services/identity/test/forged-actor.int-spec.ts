import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Actor, ErrorCodes, Fixtures, type RpcMeta, ServerMessages, Subjects } from '@medtutor/contracts';
import { ActorAssertionSigner } from '@medtutor/nest-kit';
import {
  createTestDatabase,
  type ServiceProcess,
  signedMeta,
  startServiceProcess,
  startTestNats,
  testActorKeys,
  type TestDatabase,
  type TestNats,
} from '@medtutor/nest-kit/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { MAIL_FROM, MIGRATIONS_DIR, PUBLIC_BASE_URL } from './support/harness.js';

/**
 * An attacker on the bus: the built identity service runs as `npm start` runs it (its own process,
 * ACTOR_VERIFY_KEYS from the environment), and requests are published straight onto NATS in Nest's
 * wire format, with no gateway in between.
 */
const ENTRY = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const admin: Actor = { userId: 1, role: 'admin' };

let nats: TestNats;
let db: TestDatabase;
let mailDir: string;
let identity: ServiceProcess;
let nc: NatsConnection;

/** A raw NATS request as Nest's client frames it; resolves with the reply or the RPC error. */
async function publish(subject: string, meta: Partial<RpcMeta>, data: unknown = {}): Promise<Record<string, unknown>> {
  const packet = {
    pattern: subject,
    data: { meta: { correlationId: 'forgery-test', ...meta }, data },
    id: randomUUID(),
  };
  const reply = await nc.request(subject, JSON.stringify(packet), { timeout: 10_000 });
  return reply.json<Record<string, unknown>>();
}

const refused = { err: { code: ErrorCodes.forbidden, message: ServerMessages.forbidden } };

beforeAll(async () => {
  nats = await startTestNats();
  [db, mailDir] = await Promise.all([
    createTestDatabase('identity_forged_actor', MIGRATIONS_DIR),
    mkdtemp(join(tmpdir(), 'identity-forged-mail-')),
  ]);
  identity = await startServiceProcess({
    entry: ENTRY,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      NATS_URL: nats.url,
      IDENTITY_DATABASE_URL: db.url,
      PUBLIC_BASE_URL,
      MAIL_FROM,
      MAIL_OUTBOX_DIR: mailDir,
      ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
    },
    natsUrl: nats.url,
    healthSubject: Subjects.identity.health,
  });
  nc = await connect({ servers: nats.url });
  // A visitor's request needs no assertion: one student to list.
  const registered = await publish(Subjects.identity.register, { actor: null }, Fixtures.registerBody);
  expect(registered.err).toBeUndefined();
});

afterAll(async () => {
  await nc?.close();
  await identity?.stop();
  await db?.drop();
  await nats?.stop();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

describe('a forged admin request published straight onto NATS', () => {
  it('is refused when it names an admin without an assertion', async () => {
    expect(await publish(Subjects.identity.listUsers, { actor: admin })).toMatchObject(refused);
  });

  it('is refused when the attacker signs the assertion with a key of its own', async () => {
    const attacker = new ActorAssertionSigner(generateKeyPairSync('ed25519').privateKey);
    const actorAssertion = await attacker.sign(admin, Subjects.identity.listUsers);
    expect(await publish(Subjects.identity.listUsers, { actor: admin, actorAssertion })).toMatchObject(refused);
  });

  it("is refused when a student's genuine assertion is sent with an admin actor", async () => {
    const student = await signedMeta(Subjects.identity.listUsers, { userId: 7, role: 'student' });
    expect(
      await publish(Subjects.identity.listUsers, { actor: admin, actorAssertion: student.actorAssertion }),
    ).toMatchObject(refused);
  });

  it("is refused when an admin's genuine assertion for another subject is replayed", async () => {
    const forGetUser = await signedMeta(Subjects.identity.getUser, admin);
    expect(
      await publish(Subjects.identity.listUsers, { actor: admin, actorAssertion: forGetUser.actorAssertion }),
    ).toMatchObject(refused);
  });

  it('is answered when the gateway signed it', async () => {
    const reply = await publish(Subjects.identity.listUsers, await signedMeta(Subjects.identity.listUsers, admin));
    expect(reply.err).toBeUndefined();
    expect(reply.response).toEqual([expect.objectContaining({ email: Fixtures.registerBody.email, role: 'student' })]);
  });

  it('logs each refusal with its reason, never answering with it', () => {
    expect(identity.output()).toContain('rpc refused: actor not asserted by the gateway');
    expect(identity.output()).toContain('no actor assertion');
  });
});
