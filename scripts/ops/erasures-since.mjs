#!/usr/bin/env node
// Usage: NATS_URL=… [NATS_USER=admin NATS_PASSWORD=…] node scripts/ops/erasures-since.mjs <time>
//
// Prints, one a line, the user ids of every `identity.user_erased.v1` event in IDENTITY_EVENTS
// published at or after <time> (ISO 8601, e.g. 2027-03-01T02:15:00Z): the erasures to make again
// after identity's database is restored from a dump or a point in time taken then
// (docs/runbooks/restore-erasures.md). Reads with an ephemeral ordered consumer: changes nothing.
// The stream reaches back EVENT_RETENTION_DAYS (7 days); the count and the stream's first time go to
// stderr, so an operator sees whether it reaches the dump's time.
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

const STREAM = 'IDENTITY_EVENTS';
/** `eventSubject(EventTypes.userErased)` in contracts. */
const SUBJECT = 'events.identity.user_erased.v1';

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(1);
}

const [since, ...extra] = process.argv.slice(2);
const start = new Date(since ?? '');
if (extra.length || Number.isNaN(start.getTime())) fail('usage: erasures-since.mjs <ISO 8601 time>');
const { NATS_URL: url, NATS_USER: user, NATS_PASSWORD: pass } = process.env;
if (!url) fail('NATS_URL must name the platform’s NATS');
if (Boolean(user) !== Boolean(pass)) fail('NATS_USER and NATS_PASSWORD go together: set both or neither');

const nc = await connect({ servers: url, ...(user ? { user, pass } : {}), name: 'erasures-since' }).catch((error) =>
  fail(`cannot connect to ${url}: ${error.message}`),
);
try {
  const stream = await jetstreamManager(nc).then((jsm) => jsm.streams.info(STREAM));
  const consumer = await jetstream(nc).consumers.get(STREAM, {
    filter_subjects: SUBJECT,
    opt_start_time: start.toISOString(),
  });
  // What matched when the consumer was made: identity is stopped during a restore, so nothing is added.
  const { num_pending: pending } = await consumer.info();
  const userIds = new Set();
  let events = 0;
  while (events < pending) {
    for await (const message of await consumer.fetch({ max_messages: Math.min(500, pending - events) })) {
      events += 1;
      const userId = message.json()?.data?.userId;
      if (Number.isInteger(userId)) userIds.add(userId);
      else console.error(`warning: stream sequence ${message.seq} has no data.userId; look at it by hand`);
    }
  }
  for (const userId of [...userIds].sort((a, b) => a - b)) console.log(userId);
  console.error(
    ` ok ${events} erasure event(s), ${userIds.size} user(s), since ${start.toISOString()}; ` +
      `${STREAM} reaches back to ${stream.state.first_ts ?? 'its start'}`,
  );
} catch (error) {
  fail(`reading ${STREAM} failed: ${error.message}`);
} finally {
  await nc.close();
}
