#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DeadLetterStream } from '@medtutor/contracts';
import {
  AuthorizationError,
  connect,
  ConnectionError,
  type NatsConnection,
  PermissionViolationError,
  RequestError,
} from '@nats-io/transport-node';
import { z } from 'zod';
import {
  type DeadLetter,
  DeadLetterToolError,
  DurableNameSchema,
  dropDeadLetter,
  getDeadLetter,
  DeadLetterNotFoundError,
  listDeadLetters,
  replayDeadLetter,
} from '../dead-letters/dead-letters.js';
import { provisionEvents } from '../events/provision.js';
import { StreamLimits } from '../events/streams.js';
import { natsAuthOptions, natsTlsOptions } from '../nats/nats-connection.js';
import { deadLetterDetail, deadLetterSummary, deadLetterTable, deadLetterText } from './dead-letter-output.js';
import { type NatsTarget, resolveNatsTarget } from './nats-target.js';

const USAGE = `Usage: npm run -s events -- provision | dlq <command> [options]

  provision                                  creates the platform's streams and durable consumers, or brings
                                             their settings up to date (PlatformStreams, and PlatformConsumers
                                             in packages/contracts); idempotent. The deploy step before the apps
                                             start: they create nothing themselves. Streams keep events
                                             EVENT_RETENTION_DAYS days (${StreamLimits.retentionDays}) on JETSTREAM_REPLICAS servers (1).
                                             Runbook: docs/runbooks/deploy-order.md

Dead letters are the events a consumer gave up on, kept in the ${DeadLetterStream.name} stream.
Runbook: docs/runbooks/dead-letters.md

  dlq list [--consumer <durable>] [--json]   every dead letter, oldest first (errors shortened; whole in --json)
  dlq show <id> [--json]                     one dead letter in full, payload included
  dlq replay <id>                            publishes it again to its original subject for the consumer that
                                             failed it (other consumers skip it), then deletes it
  dlq replay --consumer <durable> --all      the same for every dead letter of that consumer, oldest first
  dlq drop <id>                              prints it, then deletes it for good
  dlq drop --consumer <durable> --all        the same for every dead letter of that consumer

<id> is the letter's sequence in ${DeadLetterStream.name}, the first column of \`list\`.
Connects to NATS_URL as NATS_USER / NATS_PASSWORD (for dlq the operators' admin user of
infra/nats/authorization.conf, for provision its provisioner user); tls:// servers with NATS_CA_FILE,
the CA that signed them. Without them: the local system of \`npm start\`, nats://127.0.0.1:4222 as
admin (dlq) or provisioner (provision) with the password in .var/nats-passwords. Exit code 1 on any failure.`;

// Both src/cli/events.ts and dist/cli/events.js sit four levels below the repository root.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

class UsageError extends Error {}

const IdSchema = z.coerce.number().int().positive();

type Command =
  | { kind: 'provision' }
  | { kind: 'list'; consumer: string | undefined; json: boolean }
  | { kind: 'show'; id: number; json: boolean }
  | { kind: 'replay' | 'drop'; target: { id: number } | { consumer: string } };

function parseCommand(argv: string[]): Command | 'help' {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      consumer: { type: 'string' },
      all: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals[0] === 'help') return 'help';
  const [group, command, ...rest] = positionals;
  if (group === 'provision') {
    if (command !== undefined) throw new UsageError(`Unexpected arguments: ${positionals.slice(1).join(' ')}`);
    for (const option of ['consumer', 'all', 'json'] as const) {
      if (values[option] !== undefined) throw new UsageError(`provision does not take --${option}`);
    }
    return { kind: 'provision' };
  }
  if (group !== 'dlq') throw new UsageError(group ? `Unknown command "${group}"` : 'No command given');
  const id = () => {
    const [value, ...extra] = rest;
    if (value === undefined) throw new UsageError(`dlq ${command} needs the id of a dead letter`);
    if (extra.length) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
    const parsed = IdSchema.safeParse(value);
    if (!parsed.success) throw new UsageError(`"${value}" is not a dead-letter id (a positive whole number)`);
    return parsed.data;
  };
  const consumer = () => {
    if (values.consumer === undefined) return undefined;
    const parsed = DurableNameSchema.safeParse(values.consumer);
    if (!parsed.success) throw new UsageError(`--consumer "${values.consumer}" is not a durable consumer name`);
    return parsed.data;
  };
  const onlyFor = (allowed: string[]) => {
    for (const option of ['consumer', 'all', 'json'] as const) {
      if (values[option] !== undefined && !allowed.includes(option)) {
        throw new UsageError(`dlq ${command} does not take --${option}`);
      }
    }
  };
  switch (command) {
    case 'list':
      onlyFor(['consumer', 'json']);
      if (rest.length) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}`);
      return { kind: 'list', consumer: consumer(), json: values.json ?? false };
    case 'show':
      onlyFor(['json']);
      return { kind: 'show', id: id(), json: values.json ?? false };
    case 'replay':
    case 'drop': {
      onlyFor(['consumer', 'all']);
      if (!values.all && values.consumer === undefined) return { kind: command, target: { id: id() } };
      const durable = consumer();
      if (!values.all || !durable || rest.length) {
        throw new UsageError(`dlq ${command} takes either <id> or --consumer <durable> --all`);
      }
      return { kind: command, target: { consumer: durable } };
    }
    default:
      throw new UsageError(command ? `Unknown command "dlq ${command}"` : 'dlq needs a command');
  }
}

/** The streams' replicas and retention, from the same variables the platform's config sets. */
const ProvisionEnvSchema = z.object({
  JETSTREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(StreamLimits.retentionDays),
});

async function run(command: Command, nc: NatsConnection, print: (text: string) => void): Promise<number> {
  switch (command.kind) {
    case 'provision': {
      const env = ProvisionEnvSchema.parse(
        Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')),
      );
      const report = await provisionEvents(nc, {
        replicas: env.JETSTREAM_REPLICAS,
        retentionDays: env.EVENT_RETENTION_DAYS,
      });
      print(
        `Streams ready (${env.JETSTREAM_REPLICAS} replica${env.JETSTREAM_REPLICAS === 1 ? '' : 's'}, events kept ${env.EVENT_RETENTION_DAYS} days): ${report.streams.join(', ')}.`,
      );
      for (const consumer of report.consumers)
        print(`Consumer ${consumer.stream}/${consumer.durable}: ${consumer.outcome}.`);
      return 0;
    }
    case 'list': {
      const letters = await listDeadLetters(nc, { consumer: command.consumer });
      if (command.json) print(JSON.stringify(letters.map(deadLetterSummary), null, 2));
      else if (!letters.length)
        print(command.consumer ? `No dead letters of ${command.consumer}.` : 'No dead letters.');
      else print(deadLetterTable(letters));
      return 0;
    }
    case 'show': {
      const letter = await getDeadLetter(nc, command.id);
      if (!letter) throw new DeadLetterNotFoundError(command.id);
      print(command.json ? JSON.stringify(deadLetterDetail(letter), null, 2) : deadLetterText(letter));
      return 0;
    }
    case 'replay':
      for (const id of await targetIds(nc, command.target)) {
        const outcome = await replayDeadLetter(nc, id);
        print(
          `Replayed dead letter ${id} (${describe(outcome.letter)}) to ${outcome.letter.subject} for ` +
            `${outcome.letter.consumer}: ${outcome.stream} sequence ${outcome.sequence}` +
            `${outcome.duplicate ? ' (already there from an earlier replay)' : ''}; deleted from ${DeadLetterStream.name}.`,
        );
      }
      return 0;
    case 'drop':
      for (const id of await targetIds(nc, command.target)) {
        const letter = await dropDeadLetter(nc, id);
        print(`${deadLetterText(letter)}\nDropped dead letter ${id} (${describe(letter)}).`);
      }
      return 0;
  }
}

/** One id, or every letter of a consumer (none is no error: there is nothing to do). */
async function targetIds(nc: NatsConnection, target: { id: number } | { consumer: string }): Promise<number[]> {
  if ('id' in target) return [target.id];
  const ids = (await listDeadLetters(nc, { consumer: target.consumer })).map((letter) => letter.id);
  if (!ids.length) console.log(`No dead letters of ${target.consumer}.`);
  return ids;
}

function describe(letter: DeadLetter): string {
  return [letter.consumer, letter.eventType, letter.eventId].filter(Boolean).join(', ');
}

/** What went wrong, in the operator's terms; the stack only for what we did not foresee. */
function explain(error: unknown, target: NatsTarget): string {
  const where = `NATS at ${redact(target.url)}`;
  if (error instanceof DeadLetterToolError) return error.message;
  if (error instanceof AuthorizationError) {
    return target.credentials
      ? `${where} refused the login of user "${target.credentials.user}": check NATS_USER and NATS_PASSWORD`
      : `${where} wants a login: set NATS_USER and NATS_PASSWORD (the admin user of infra/nats/authorization.conf)`;
  }
  if (error instanceof ConnectionError) {
    return `Cannot reach ${where} (${error.message}): is the system running (npm start), or NATS_URL wrong?`;
  }
  if (
    error instanceof PermissionViolationError ||
    (error instanceof RequestError && /permission/i.test(error.message))
  ) {
    return `${where} did not allow this to user "${target.credentials?.user ?? '(none)'}" (${error.message}): use the operators' admin user for dlq, the provisioner user for provision`;
  }
  if (error instanceof Error && error.name === 'JetStreamNotEnabled') return `${where} has no JetStream`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/g, '//$1:***@');
}

function readLocalPasswords(): string | null {
  const varDir = process.env.MEDTUTOR_VAR_DIR ?? join(repoRoot, '.var');
  try {
    return readFileSync(join(varDir, 'nats-passwords'), 'utf8');
  } catch {
    return null;
  }
}

async function main(argv: string[]): Promise<number> {
  let command: Command | 'help';
  try {
    command = parseCommand(argv);
  } catch (error) {
    // parseArgs throws a TypeError for an unknown option or a missing option value.
    if (!(error instanceof UsageError || error instanceof TypeError)) throw error;
    console.error(`${error.message}. Usage: npm run -s events -- --help`);
    return 1;
  }
  if (command === 'help') {
    console.log(USAGE);
    return 0;
  }
  const target = resolveNatsTarget(
    process.env,
    readLocalPasswords,
    command.kind === 'provision' ? 'provisioner' : 'admin',
  );
  let nc: NatsConnection | undefined;
  try {
    nc = await connect({
      servers: target.url.split(','),
      name: 'medtutor-events-cli',
      // An operator's one-off command: fail fast rather than wait for a broker that is not there.
      maxReconnectAttempts: 0,
      timeout: 5_000,
      ...natsAuthOptions(target.credentials),
      ...natsTlsOptions(target.tls),
    });
    return await run(command, nc, (text) => console.log(text));
  } catch (error) {
    console.error(explain(error, target));
    return 1;
  } finally {
    await nc?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
