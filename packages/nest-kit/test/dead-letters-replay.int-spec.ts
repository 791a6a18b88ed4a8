import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventStreams, EventTypes, eventSubject, PlatformConsumers } from '@medtutor/contracts';
import { DeadLetterReasons, type EventConsumerHandle, newEvent, startConsumer } from '@medtutor/nest-kit';
import { startTestNats, type TestNats } from '@medtutor/nest-kit/testing';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { pino } from 'pino';
import { z } from 'zod';
import { listDeadLetters, replayDeadLetter } from '../src/dead-letters/dead-letters.js';
import { waitFor } from './support/wait-for.js';

const PAYMENTS = EventStreams.catalogPayments.name;
const SUBJECT = eventSubject(EventTypes.paymentSucceeded);
const logger = pino({ level: 'silent' });

/**
 * The whole loop with the real consumer helper: one of two consumers of an event dead-letters it,
 * the cause is fixed, the tool replays it, and only that consumer handles it the second time.
 */
describe('replaying a dead letter through the real consumers', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const consumers: EventConsumerHandle[] = [];

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    jsm = await jetstreamManager(nc);
  });

  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await nc?.close();
    await nats?.stop();
  });

  it('reaches only the consumer that failed it, which handles it once', async () => {
    const handled = { tutoring: [] as string[], reviews: [] as string[] };
    let tutoringFixed = false;
    // The two registry consumers of the event, which startTestNats provisioned.
    const durables = {
      tutoring: PlatformConsumers.tutoringPaymentSucceeded.durable,
      reviews: PlatformConsumers.reviewsPaymentSucceeded.durable,
    };
    const consume = async (service: keyof typeof handled, fail: () => boolean) => {
      const consumer = await startConsumer({
        nc,
        logger,
        stream: PAYMENTS,
        durable: durables[service],
        filterSubject: SUBJECT,
        schema: z.object({ paymentId: z.number() }),
        maxAttempts: 1,
        handle: async (envelope) => {
          // A programming error, not an outage: dead-lettered once maxAttempts is used up.
          if (fail()) throw new TypeError('Cannot read properties of undefined (reading "hours")');
          handled[service].push(envelope.id);
          return 'processed';
        },
      });
      consumers.push(consumer);
    };
    await consume('tutoring', () => !tutoringFixed);
    await consume('reviews', () => false);

    const event = newEvent(EventTypes.paymentSucceeded, 1, { paymentId: 11 }, null);
    await jetstream(nc).publish(SUBJECT, JSON.stringify(event), { msgID: event.id });
    const [letter] = await waitFor('the dead letter', async () => {
      const letters = await listDeadLetters(nc, { consumer: durables.tutoring });
      return letters.length ? letters : null;
    });
    expect(letter).toMatchObject({
      consumer: durables.tutoring,
      eventId: event.id,
      reason: `${DeadLetterReasons.handlerFailed} at delivery 1`,
      error: 'TypeError: Cannot read properties of undefined (reading "hours")',
    });
    await waitFor('reviews to handle the event', () => handled.reviews.length === 1);

    tutoringFixed = true;
    const replay = await replayDeadLetter(nc, letter!.id);
    await waitFor('tutoring to handle the replay', () => handled.tutoring.length === 1);
    await waitFor(
      'reviews to ack the replay',
      async () => (await jsm.consumers.info(PAYMENTS, durables.reviews)).ack_floor.stream_seq >= replay.sequence,
    );
    expect(handled).toEqual({ tutoring: [event.id], reviews: [event.id] });
    expect(await listDeadLetters(nc, { consumer: durables.tutoring })).toEqual([]);
  });
});
