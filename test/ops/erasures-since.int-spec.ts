import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestNats, type TestNats } from '@medtutor/nest-kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
const ERASED = 'events.identity.user_erased.v1';

/**
 * scripts/ops/erasures-since.mjs (docs/runbooks/restore-erasures.md): the user ids of the erasures
 * published since a time, read from IDENTITY_EVENTS without changing it.
 */
describe('erasures-since.mjs', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  const publish = (subject: string, data: unknown) =>
    jetstream(nc).publish(subject, JSON.stringify({ id: randomUUID(), type: subject.slice(7), version: 1, data }));
  const erasuresSince = (time: string) =>
    run('node', [join(REPO, 'scripts/ops/erasures-since.mjs'), time], { env: { ...process.env, NATS_URL: nats.url } });

  beforeAll(async () => {
    // Provisioned as a deploy does: IDENTITY_EVENTS in place.
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
  });

  afterAll(async () => {
    await nc?.close();
    await nats?.stop();
  });

  it('lists each user erased at or after the time once, and nothing else', async () => {
    await publish(ERASED, { userId: 7 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const dumpTime = new Date().toISOString();
    await publish(ERASED, { userId: 42 });
    await publish('events.identity.user_registered.v1', { userId: 99, email: 'new@example.com' });
    await publish(ERASED, { userId: 12 });
    await publish(ERASED, { userId: 42 }); // an admin's second erasure of the same account

    const { stdout, stderr } = await erasuresSince(dumpTime);

    expect(stdout).toBe('12\n42\n');
    expect(stderr).toMatch(/ok 3 erasure event\(s\), 2 user\(s\)/);
    expect((await erasuresSince('2020-01-01T00:00:00Z')).stdout).toBe('7\n12\n42\n');
  });

  it('refuses a time it cannot read', async () => {
    await expect(erasuresSince('yesterday')).rejects.toMatchObject({ stderr: expect.stringContaining('usage') });
  });
});
