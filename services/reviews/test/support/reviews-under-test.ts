import { randomUUID } from 'node:crypto';
import {
  type PaymentDisputedV1,
  PaymentDisputedV1Schema,
  type PaymentRefundedV1,
  PaymentRefundedV1Schema,
  type PaymentSucceededV1,
} from '@medtutor/contracts';
import { startServiceUnderTest, type ServiceUnderTest, testActorKeys } from '@medtutor/nest-kit/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { reviews } from '../../src/service.js';
import { loadReviewsConfig } from '../../src/config/reviews.config.js';

/** The reviews service booted the production way, on a database named after `label` and a private NATS. */
export function startReviewsUnderTest(label: string): Promise<ServiceUnderTest> {
  return startServiceUnderTest({
    service: reviews,
    label,
    config: ({ databaseUrl, natsUrl }) =>
      loadReviewsConfig({
        ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
        NODE_ENV: 'test',
        REVIEWS_DATABASE_URL: databaseUrl,
        NATS_URL: natsUrl,
      }),
  });
}

/** Every stored copy acknowledged: the consumer's ack floor reached the stream's last message. */
export const consumerDrained = (nc: NatsConnection, stream: string, durable: string) => async (): Promise<boolean> => {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(stream);
  const consumer = await jsm.consumers.info(stream, durable);
  return consumer.ack_floor.stream_seq >= info.state.last_seq;
};

/** A `payment_succeeded` payload as catalog-payments publishes it, with a fresh payment id. */
export const paymentSucceeded = (overrides: Partial<PaymentSucceededV1> = {}): PaymentSucceededV1 => ({
  paymentId: randomUUID(),
  userId: 77,
  subject: 'Medical School Interviews',
  packageType: 'package5',
  packageName: '5 Sessions Package',
  hours: 5,
  currency: 'GBP',
  amount: 19000,
  discountCode: null,
  provider: 'stripe',
  paidAt: '2026-11-20T10:15:00.000Z',
  ...overrides,
});

/** A `payment_refunded` payload as catalog-payments publishes it: the running total, here in full. */
export const paymentRefunded = (paymentId: string, overrides: Partial<PaymentRefundedV1> = {}): PaymentRefundedV1 =>
  PaymentRefundedV1Schema.parse({
    ...purchaseFacts(paymentId),
    refundedAmount: 19000,
    fullyRefunded: true,
    reason: 'Course cancelled',
    refundedAt: '2026-11-21T10:15:00.000Z',
    ...overrides,
  });

/** A `payment_disputed` payload as catalog-payments publishes it, for one dispute in one state. */
export const paymentDisputed = (
  paymentId: string,
  disputeId: string,
  status: PaymentDisputedV1['status'],
  overrides: Partial<PaymentDisputedV1> = {},
): PaymentDisputedV1 =>
  PaymentDisputedV1Schema.parse({
    ...purchaseFacts(paymentId),
    disputeId,
    status,
    disputedAmount: 19000,
    reason: 'fraudulent',
    at: '2026-11-22T10:15:00.000Z',
    ...overrides,
  });

/** What both money-back events carry about the purchase (buyer 77 unless overridden). */
const purchaseFacts = (paymentId: string) => ({
  paymentId,
  userId: 77,
  buyerEmail: null,
  buyerName: null,
  subject: 'Medical School Interviews',
  packageName: '5 Sessions Package',
  hours: 5,
  currency: 'GBP',
  amount: 19000,
});
