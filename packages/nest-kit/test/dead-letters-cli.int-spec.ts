import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  deadLetterSubject,
  EventStreams,
  EventTypes,
  eventSubject,
  PlatformConsumers,
  ReplayForConsumerHeader,
} from '@medtutor/contracts';
import { DeadLetterHeaders, natsAuthOptions, newEvent, platformConsumerDefinitions } from '@medtutor/nest-kit';
import { startTestNats, type TestNats } from '@medtutor/nest-kit/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';

/**
 * `npm run events -- provision | dlq …` as operators and the deploy step run it: the built CLI (`npm run build -w packages/nest-kit`)
 * as a child process against a nats-server with the platform's users (infra/nats/authorization.conf).
 */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = join(REPO, 'packages/nest-kit/dist/cli/events.js');
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
];
const passwords = Object.fromEntries(
  USERS.map((user) => [`NATS_${user.toUpperCase().replace('-', '_')}_PASSWORD`, `n${randomBytes(24).toString('hex')}`]),
);
const adminPassword = passwords.NATS_ADMIN_PASSWORD!;
const payrollPassword = passwords.NATS_PAYROLL_PASSWORD!;
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
    // Not provisioned: the first test needs a server as it is before the deploy step ran.
    nats = await startTestNats({ config: CONFIG, env: passwords, provision: false });
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
      stderr:
        'The stream DEAD_LETTERS does not exist on this NATS server: provisioning (npm run events -- provision) has not run against it\n',
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
    expect(help.stdout).toContain('provision  ');
    expect((await cli(['provision', 'now'], asAdmin)).stderr).toContain('Unexpected arguments: now');
  });

  it('provisions as the provisioner user, the admin user refused, and again without change', async () => {
    // The local system of npm start: the provisioner's password from .var/nats-passwords.
    const varDir = await mkdtemp(join(tmpdir(), 'events-cli-'));
    try {
      await writeFile(
        join(varDir, 'nats-passwords'),
        `NATS_ADMIN_PASSWORD=${adminPassword}\nNATS_PROVISIONER_PASSWORD=${passwords.NATS_PROVISIONER_PASSWORD}\n`,
      );
      const local = { NATS_URL: nats.url, MEDTUTOR_VAR_DIR: varDir };
      const first = await cli(['provision'], local);
      expect(first).toMatchObject({ code: 0, stderr: '' });
      expect(first.stdout).toContain(
        'Streams ready (1 replica, events kept 7 days): IDENTITY_EVENTS, PAYMENTS_EVENTS, TUTORING_EVENTS, REVIEWS_EVENTS, PAYROLL_EVENTS, DEAD_LETTERS.',
      );
      for (const { stream, durable } of platformConsumerDefinitions()) {
        expect(first.stdout).toContain(`Consumer ${stream}/${durable}: created.`);
      }
      const again = await cli(['provision'], local);
      expect(again.stdout).not.toContain('created');
      expect(again.stdout).toContain(`Consumer ${PAYMENTS}/${DURABLE}: unchanged.`);
    } finally {
      await rm(varDir, { recursive: true, force: true });
    }
    // An app's user may not: the deploy step's own user only.
    const asPayroll = { NATS_URL: nats.url, NATS_USER: 'payroll', NATS_PASSWORD: payrollPassword };
    const refused = await cli(['provision'], asPayroll);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('did not allow this to user "payroll"');
  });

  it('lists, shows, replays and drops dead letters', async () => {
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

  describe('a letter planted by a compromised payroll', () => {
    let payroll: NatsConnection;
    const HOURS_USED = eventSubject(EventTypes.hoursUsed);
    const TUTORING = EventStreams.tutoring.name;
    const OWN = PlatformConsumers.payrollHoursUsed.durable;

    /** What payroll's user may publish: a letter under its own durable, headers of its choosing. */
    const plant = async (claims: { stream: string; subject: string; consumer?: string }, payload: string) => {
      const letter = headers();
      letter.set(DeadLetterHeaders.reason, 'handler failed at delivery 5');
      letter.set(DeadLetterHeaders.error, 'Error: planted');
      letter.set(DeadLetterHeaders.stream, claims.stream);
      letter.set(DeadLetterHeaders.subject, claims.subject);
      if (claims.consumer) letter.set(DeadLetterHeaders.consumer, claims.consumer);
      letter.set(ReplayForConsumerHeader, DURABLE);
      return (await jetstream(payroll).publish(deadLetterSubject(OWN), payload, { headers: letter })).seq;
    };
    const getLetter = async (id: number) =>
      JSON.parse((await cli(['dlq', 'show', String(id), '--json'], asAdmin)).stdout || 'null') as {
        consumer: string;
      } | null;
    const lastSeq = async (stream: string) => (await (await jetstreamManager(nc)).streams.info(stream)).state.last_seq;

    beforeAll(async () => {
      payroll = await connect({
        servers: nats.url,
        ...natsAuthOptions({ user: 'payroll', password: payrollPassword }),
      });
    });

    afterAll(async () => {
      await payroll?.close();
    });

    it("is refused when its headers name tutoring's payment consumer, and nothing reaches PAYMENTS_EVENTS", async () => {
      const forged = newEvent(EventTypes.paymentSucceeded, 1, { paymentId: 'forged', hours: 20 }, null);
      const payments = await lastSeq(PAYMENTS);
      const claims = [
        // Everything naming tutoring's consumer: the headers disagree with the letter's own subject.
        { stream: PAYMENTS, subject: SUBJECT, consumer: DURABLE },
        // Its own consumer, but the payment stream and subject it never receives.
        { stream: PAYMENTS, subject: SUBJECT, consumer: OWN },
        { stream: PAYMENTS, subject: SUBJECT },
        // Its own stream, another subject.
        { stream: TUTORING, subject: eventSubject(EventTypes.tutorChanged), consumer: OWN },
      ];
      for (const claim of claims) {
        const id = await plant(claim, JSON.stringify(forged));
        const replay = await cli(['dlq', 'replay', String(id)], asAdmin);
        expect({ claim, code: replay.code, stdout: replay.stdout }).toEqual({ claim, code: 1, stdout: '' });
        expect(replay.stderr).toContain(`Dead letter ${id} cannot be replayed`);
        // Kept for an operator to look at, and listed under payroll's consumer, not tutoring's.
        expect((await getLetter(id))?.consumer).toBe(OWN);
      }
      expect(await lastSeq(PAYMENTS)).toBe(payments);
      const bulk = await cli(['dlq', 'replay', '--consumer', OWN, '--all'], asAdmin);
      expect(bulk.code).toBe(1);
      expect(await lastSeq(PAYMENTS)).toBe(payments);
      // Nor may payroll file a letter under tutoring's durable.
      await expect(jetstream(payroll).publish(deadLetterSubject(DURABLE), '{}', { timeout: 2_000 })).rejects.toThrow(
        'Permissions Violation',
      );
      for (const letter of JSON.parse((await cli(['dlq', 'list', '--json'], asAdmin)).stdout) as Array<{
        id: number;
      }>) {
        await cli(['dlq', 'drop', String(letter.id)], asAdmin);
      }
    });

    it('replays a letter that matches its own consumer, for that consumer only', async () => {
      const event = newEvent(EventTypes.hoursUsed, 1, { sessionId: 'own' }, null);
      const id = await plant({ stream: TUTORING, subject: HOURS_USED, consumer: OWN }, JSON.stringify(event));
      const replay = await cli(['dlq', 'replay', String(id)], asAdmin);
      expect(replay).toMatchObject({ code: 0, stderr: '' });
      const stored = await (await jetstreamManager(nc)).streams.getMessage(TUTORING, { seq: await lastSeq(TUTORING) });
      expect(stored?.subject).toBe(HOURS_USED);
      // The planted Replay-For-Consumer naming tutoring's consumer is overwritten with the writer's own.
      expect(stored?.header?.get(ReplayForConsumerHeader)).toBe(OWN);
    });
  });
});
