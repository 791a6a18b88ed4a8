import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deadLetterSubject, EventStreams, EventTypes, eventSubject } from '@medtutor/contracts';
import { DeadLetterHeaders, ensureStreams, natsAuthOptions, newEvent, PlatformStreams } from '@medtutor/nest-kit';
import { startTestNats, type TestNats } from '@medtutor/nest-kit/testing';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';

/**
 * `npm run events -- dlq …` as operators run it: the built CLI (`npm run build -w packages/nest-kit`)
 * as a child process against a nats-server with the platform's users (infra/nats/authorization.conf).
 */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = join(REPO, 'packages/nest-kit/dist/cli/events.js');
const CONFIG = join(REPO, 'infra/nats/authorization.conf');
const USERS = ['gateway', 'identity', 'catalog-payments', 'tutoring', 'reviews', 'payroll', 'backup', 'admin'];
const passwords = Object.fromEntries(
  USERS.map((user) => [`NATS_${user.toUpperCase().replace('-', '_')}_PASSWORD`, `n${randomBytes(24).toString('hex')}`]),
);
const adminPassword = passwords.NATS_ADMIN_PASSWORD!;
const PAYMENTS = EventStreams.catalogPayments.name;
const SUBJECT = eventSubject(EventTypes.paymentSucceeded);
const DURABLE = 'tutoring-payment-succeeded';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI with only `env` (and PATH): nothing leaks in from the shell running the tests. */
function cli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [ENTRY, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the events CLI (dlq) against NATS with the platform users', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  let asAdmin: Record<string, string>;

  const fileDeadLetter = async (payload: string, error: string) => {
    const original = await jetstream(nc).publish(SUBJECT, payload, { msgID: randomUUID() });
    const letter = headers();
    letter.set(DeadLetterHeaders.reason, 'handler failed 3 times');
    letter.set(DeadLetterHeaders.error, error);
    letter.set(DeadLetterHeaders.stream, PAYMENTS);
    letter.set(DeadLetterHeaders.subject, SUBJECT);
    letter.set(DeadLetterHeaders.consumer, DURABLE);
    letter.set(DeadLetterHeaders.streamSequence, String(original.seq));
    letter.set(DeadLetterHeaders.deliveries, '3');
    const ack = await jetstream(nc).publish(deadLetterSubject(DURABLE), payload, { headers: letter });
    return { id: ack.seq, originalSequence: original.seq };
  };

  beforeAll(async () => {
    if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: npm run build -w packages/nest-kit first`);
    nats = await startTestNats({ config: CONFIG, env: passwords });
    nc = await connect({ servers: nats.url, ...natsAuthOptions({ user: 'admin', password: adminPassword }) });
    asAdmin = { NATS_URL: nats.url, NATS_USER: 'admin', NATS_PASSWORD: adminPassword };
  });

  afterAll(async () => {
    await nc?.close();
    await nats?.stop();
  });

  it('explains a refused login, an unreachable server and a missing stream, with exit code 1', async () => {
    const refused = await cli(['dlq', 'list'], { ...asAdmin, NATS_PASSWORD: 'wrong' });
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toContain(`NATS at ${nats.url} refused the login of user "admin"`);

    const port = await closedPort();
    const unreachable = await cli(['dlq', 'list'], { ...asAdmin, NATS_URL: `nats://127.0.0.1:${port}` });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain(`Cannot reach NATS at nats://127.0.0.1:${port}`);

    // A fresh server with authorization starts without streams, as before any service started.
    const missing = await cli(['dlq', 'list'], asAdmin);
    expect(missing).toMatchObject({
      code: 1,
      stderr: 'The stream DEAD_LETTERS does not exist on this NATS server: no service has started against it yet\n',
    });
  });

  it('refuses unknown commands and bad arguments, and prints its help', async () => {
    const unknown = await cli(['dlq', 'purge'], asAdmin);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "dlq purge"');
    expect((await cli(['queues'], asAdmin)).stderr).toContain('Unknown command "queues"');
    expect((await cli(['dlq', 'show', 'x1'], asAdmin)).stderr).toContain('"x1" is not a dead-letter id');
    expect((await cli(['dlq', 'replay', '--all'], asAdmin)).stderr).toContain(
      'dlq replay takes either <id> or --consumer <durable> --all',
    );
    const help = await cli(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('dlq replay --consumer <durable> --all');
  });

  it('lists, shows, replays and drops dead letters', async () => {
    await ensureStreams(nc, PlatformStreams);
    await (
      await jetstreamManager(nc)
    ).consumers.add(PAYMENTS, {
      durable_name: DURABLE,
      ack_policy: AckPolicy.Explicit,
      filter_subject: SUBJECT,
    });
    const event = newEvent(EventTypes.paymentSucceeded, 1, { paymentId: 9 }, null);
    const longError = `Error:${' the database went away'.repeat(5)}`;
    const first = await fileDeadLetter(JSON.stringify(event), longError);
    const second = await fileDeadLetter('not json', 'SyntaxError: Unexpected token');

    const listed = await cli(['dlq', 'list', '--json'], asAdmin);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(listed.stdout)).toEqual([
      {
        id: first.id,
        deadLetteredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        consumer: DURABLE,
        stream: PAYMENTS,
        subject: SUBJECT,
        streamSequence: first.originalSequence,
        eventType: EventTypes.paymentSucceeded,
        eventId: event.id,
        deliveries: 3,
        reason: 'handler failed 3 times',
        error: longError,
      },
      expect.objectContaining({
        id: second.id,
        eventType: null,
        eventId: null,
        error: 'SyntaxError: Unexpected token',
      }),
    ]);

    const table = await cli(['dlq', 'list', '--consumer', DURABLE], asAdmin);
    const rows = table.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(
      /^ID\s+DEAD-LETTERED \(UTC\)\s+CONSUMER\s+SUBJECT\s+EVENT TYPE\s+EVENT ID\s+TRIES\s+REASON\s+ERROR$/,
    );
    expect(rows[1]).toContain(`${first.id}  `);
    expect(rows[1]).toContain(event.id);
    expect(rows[1]).toContain(`${longError.slice(0, 59)}…`);
    expect(rows[1]).not.toContain(longError);

    const shown = await cli(['dlq', 'show', String(first.id), '--json'], asAdmin);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: first.id, payload: JSON.stringify(event), headers: {} });

    // Without NATS_USER: the admin password of the local system's .var/nats-passwords.
    const varDir = await mkdtemp(join(tmpdir(), 'events-cli-'));
    try {
      await writeFile(
        join(varDir, 'nats-passwords'),
        `NATS_TUTORING_PASSWORD=other\nNATS_ADMIN_PASSWORD=${adminPassword}\n`,
      );
      const local = await cli(['dlq', 'replay', '--consumer', DURABLE, '--all'], {
        NATS_URL: nats.url,
        MEDTUTOR_VAR_DIR: varDir,
      });
      expect(local).toMatchObject({ code: 0, stderr: '' });
      expect(local.stdout).toContain(
        `Replayed dead letter ${first.id} (${DURABLE}, ${EventTypes.paymentSucceeded}, ${event.id})`,
      );
      expect(local.stdout).toContain(`Replayed dead letter ${second.id} (${DURABLE})`);
    } finally {
      await rm(varDir, { recursive: true, force: true });
    }
    expect(JSON.parse((await cli(['dlq', 'list', '--json'], asAdmin)).stdout)).toEqual([]);
    expect(await cli(['dlq', 'replay', String(first.id)], asAdmin)).toMatchObject({
      code: 1,
      stderr: `There is no dead letter ${first.id} in DEAD_LETTERS (already replayed or dropped?)\n`,
    });

    const poison = await fileDeadLetter('poison', 'SyntaxError');
    const dropped = await cli(['dlq', 'drop', String(poison.id)], asAdmin);
    expect(dropped.code).toBe(0);
    expect(dropped.stdout).toContain('Payload:\npoison\n');
    expect(dropped.stdout).toContain(`Dropped dead letter ${poison.id} (${DURABLE}).`);
    expect(await cli(['dlq', 'drop', String(poison.id)], asAdmin)).toMatchObject({ code: 1, stdout: '' });
  });
});
