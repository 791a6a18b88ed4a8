import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import {
  DeadLetterStream,
  EventStreams,
  EventTypes,
  eventSubject,
  PlatformConsumers,
  ServiceNames,
} from '@medtutor/contracts';
import { consumerDefinition, PlatformStreams } from '@medtutor/nest-kit';

/**
 * infra/nats/authorization.conf against the code: every durable consumer of the registry
 * (PlatformConsumers) has exactly its read rights in its service's block, no right is left for a
 * consumer that no longer exists, no app may create or change a stream or consumer, and only the
 * provisioner may, on the platform's streams. (The int-spec next to this one shows on a real server
 * that the rights work.)
 */
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const config = readFileSync(join(REPO, 'infra/nats/authorization.conf'), 'utf8');

/** The publish allow-list of one user's block. */
function publishAllowed(user: string): string[] {
  const start = config.indexOf(`user: ${user}\n`);
  expect(start).toBeGreaterThan(-1);
  const block = config.slice(start, config.indexOf('subscribe:', start));
  return [...block.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

/** The subscribe allow-list of one user's block. */
function subscribeAllowed(user: string): string[] {
  const start = config.indexOf(`subscribe:`, config.indexOf(`user: ${user}\n`));
  const block = config.slice(start, config.indexOf('}', start));
  return [...block.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

/** The registry's consumers a service reads, where and on what filter. */
const consumersOf = (service: string) =>
  Object.values(PlatformConsumers)
    .filter((entry) => entry.service === service)
    .map(consumerDefinition);

/** The services' consumer files name their registry entry; none starts one the registry lacks. */
function registryKeysInCode(service: string): string[] {
  const dir = join(REPO, 'services', service, 'src');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.consumer.ts'));
  return files.flatMap((file) =>
    [...readFileSync(join(dir, file), 'utf8').matchAll(/consumer: PlatformConsumers\.(\w+),/g)].map(
      (match) => match[1]!,
    ),
  );
}

const ownStream = {
  identity: EventStreams.identity,
  'catalog-payments': EventStreams.catalogPayments,
  tutoring: EventStreams.tutoring,
  reviews: EventStreams.reviews,
  payroll: EventStreams.payroll,
} as const;

describe('infra/nats/authorization.conf', () => {
  it.each([...ServiceNames])(
    'gives %s exactly the rights to publish its events and read its registry consumers, and no JetStream admin',
    (service) => {
      const consumers = consumersOf(service);
      const expected = [
        ...ownStream[service].subjects,
        '$JS.API.INFO',
        // The size of its own dead letters, for its metrics.
        ...(consumers.length ? [`$JS.API.STREAM.INFO.${DeadLetterStream.name}`] : []),
        ...consumers.flatMap(({ stream, durable }) => [
          `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
          `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
          `$JS.ACK.${stream}.${durable}.>`,
          `deadletter.${durable}`,
        ]),
      ];
      const allowed = publishAllowed(service);
      expect(allowed.sort()).toEqual(expected.sort());
      expect(
        allowed.filter((subject) => /^\$JS\.API\.(STREAM|CONSUMER)\.(CREATE|UPDATE|DELETE|PURGE)\b/.test(subject)),
      ).toEqual([]);
    },
  );

  it.each([...ServiceNames])('has %s start exactly its own consumers of the registry', (service) => {
    const inCode = registryKeysInCode(service).sort();
    const registered = Object.entries(PlatformConsumers)
      .filter(([, entry]) => entry.service === service)
      .map(([key]) => key)
      .sort();
    expect(inCode).toEqual(registered);
  });

  it('lets the provisioner create and update the platform streams and their consumers, and nothing else', () => {
    const eventStreams = Object.values(EventStreams).map(({ name }) => name);
    expect(PlatformStreams.map(({ name }) => name).sort()).toEqual([...eventStreams, DeadLetterStream.name].sort());
    const expected = [
      '$JS.API.INFO',
      ...PlatformStreams.flatMap(({ name }) =>
        ['INFO', 'CREATE', 'UPDATE'].map((action) => `$JS.API.STREAM.${action}.${name}`),
      ),
      // Any durable on an event stream, always with a filter subject (the API nats-server 2.9 offers).
      ...eventStreams.flatMap((name) => [`$JS.API.CONSUMER.INFO.${name}.*`, `$JS.API.CONSUMER.CREATE.${name}.*.>`]),
    ];
    expect(publishAllowed('provisioner').sort()).toEqual(expected.sort());
    const start = config.indexOf('user: provisioner\n');
    expect(config.slice(start, config.indexOf('}\n    }', start))).toContain(
      'subscribe: { allow: ["_INBOX.provisioner.>"] }',
    );
  });

  it('lets the gateway publish only to the five services’ RPC subjects', () => {
    expect(publishAllowed('gateway').sort()).toEqual(ServiceNames.map((service) => `${service}.*`).sort());
  });

  it('lets the gateway hear its own replies and only the events that drop its in-memory read models', () => {
    expect(subscribeAllowed('gateway')).toEqual([
      '_INBOX.gateway.>',
      ...[EventTypes.publishedTestimonialsChanged, EventTypes.testimonialApproved, EventTypes.tutorChanged].map(
        eventSubject,
      ),
    ]);
  });
});
