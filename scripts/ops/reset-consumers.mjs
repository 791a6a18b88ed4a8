#!/usr/bin/env node
// Usage: NATS_URL=… [NATS_USER=admin NATS_PASSWORD=…] node scripts/ops/reset-consumers.mjs <service>
//
// Deletes a service's durable JetStream consumers (named `<service>-…`, on every stream) so that
// provisioning (`npm run events -- provision`) creates them again delivering from the start of each
// stream. Part
// of restoring its database (scripts/ops/restore-database.sh): the restored inbox skips every event
// the dump had applied, and the rest are applied now. Run it with the service stopped; needs the
// operators' `admin` NATS user (no service may delete consumers). Prints what it deleted and how far
// back each stream goes (the catch-up's start).
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

const SERVICES = ['identity', 'catalog-payments', 'tutoring', 'reviews', 'payroll'];

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(1);
}

const [service, ...extra] = process.argv.slice(2);
if (!SERVICES.includes(service) || extra.length) fail(`usage: reset-consumers.mjs <${SERVICES.join('|')}>`);
const { NATS_URL: url, NATS_USER: user, NATS_PASSWORD: pass } = process.env;
if (!url) fail('NATS_URL must name the platform’s NATS');
if (Boolean(user) !== Boolean(pass)) fail('NATS_USER and NATS_PASSWORD go together: set both or neither');

const nc = await connect({ servers: url, ...(user ? { user, pass } : {}), name: 'reset-consumers' }).catch((error) =>
  fail(`cannot connect to ${url}: ${error.message}`),
);
try {
  const jsm = await jetstreamManager(nc);
  let deleted = 0;
  for await (const stream of jsm.streams.list()) {
    const mine = [];
    for await (const consumer of jsm.consumers.list(stream.config.name)) {
      if (consumer.name.startsWith(`${service}-`)) mine.push(consumer);
    }
    for (const consumer of mine) {
      await jsm.consumers.delete(stream.config.name, consumer.name);
      deleted += 1;
      const from = stream.state.first_ts ?? 'its start';
      console.log(
        ` ok deleted ${stream.config.name} > ${consumer.name} (filter ${consumer.config.filter_subject}, ` +
          `acknowledged up to stream sequence ${consumer.ack_floor.stream_seq} of ${stream.state.last_seq}); ` +
          `it will deliver again from ${from} (sequence ${stream.state.first_seq})`,
      );
    }
  }
  if (deleted === 0) console.log(` ok ${service} has no durable consumers: nothing to reset`);
} catch (error) {
  fail(`resetting ${service}'s consumers failed: ${error.message}`);
} finally {
  await nc.close();
}
