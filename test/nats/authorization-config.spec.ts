import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { DeadLetterStream, EventStreams, EventTypes, eventSubject, ServiceNames } from '@medtutor/contracts';
import { streamOfEvent } from '@medtutor/nest-kit';

/**
 * infra/nats/authorization.conf against the code: every durable consumer a service starts has exactly
 * its rights there, and no right is left for a consumer that no longer exists. (The int-spec next to
 * this one shows on a real server that the rights work.)
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

interface Consumer {
  stream: string;
  durable: string;
  filter: string;
}

/** The consumers a service starts, read from its `*.consumer.ts` files. */
function consumersInCode(service: string): Consumer[] {
  const dir = join(REPO, 'services', service, 'src');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.consumer.ts'));
  return files.map((file) => {
    const source = readFileSync(join(dir, file), 'utf8');
    const durable = /export const \w+ = '([\w-]+)'/.exec(source)?.[1];
    const typeKey = /event: EventTypes\.(\w+),/.exec(source)?.[1] as keyof typeof EventTypes;
    expect({ file, durable, type: EventTypes[typeKey] }).toEqual({
      file,
      durable: expect.any(String),
      type: expect.any(String),
    });
    const type = EventTypes[typeKey];
    return { stream: streamOfEvent(type).name, durable: durable!, filter: eventSubject(type) };
  });
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
    'gives %s exactly the rights of its own stream and of the consumers in its code',
    (service) => {
      const stream = ownStream[service];
      const expected = [
        ...stream.subjects,
        '$JS.API.INFO',
        ...[stream.name, DeadLetterStream.name].flatMap((name) =>
          ['INFO', 'CREATE', 'UPDATE'].map((action) => `$JS.API.STREAM.${action}.${name}`),
        ),
        ...consumersInCode(service).flatMap(({ stream: read, durable, filter }) => [
          `$JS.API.CONSUMER.INFO.${read}.${durable}`,
          `$JS.API.CONSUMER.CREATE.${read}.${durable}.${filter}`,
          `$JS.API.CONSUMER.MSG.NEXT.${read}.${durable}`,
          `$JS.ACK.${read}.${durable}.>`,
          `deadletter.${durable}`,
        ]),
      ];
      expect(publishAllowed(service).sort()).toEqual(expected.sort());
    },
  );

  it('lets the gateway publish only to the five services’ RPC subjects', () => {
    expect(publishAllowed('gateway').sort()).toEqual(ServiceNames.map((service) => `${service}.*`).sort());
  });
});
