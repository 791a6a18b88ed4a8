import { describe, expect, it } from '@jest/globals';
import { DeadLetterStream, EventStreams, EventTypes } from '@medtutor/contracts';
import { DiscardPolicy, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { StreamLimits, streamConfig, streamOfEvent, subjectMatches } from './streams.js';

const days = (count: number) => nanos(count * 24 * 60 * 60_000);

describe('streamOfEvent', () => {
  it('finds the stream of the service that owns each event type', () => {
    expect(streamOfEvent(EventTypes.paymentSucceeded)).toBe(EventStreams.catalogPayments);
    expect(streamOfEvent(EventTypes.tutorInvited)).toBe(EventStreams.identity);
    expect(streamOfEvent(EventTypes.hoursUsed)).toBe(EventStreams.tutoring);
    expect(streamOfEvent(EventTypes.testimonialApproved)).toBe(EventStreams.reviews);
    expect(streamOfEvent(EventTypes.payslipStatusChanged)).toBe(EventStreams.payroll);
  });

  it('refuses a type that no service owns', () => {
    expect(() => streamOfEvent('billing.invoice_sent.v1')).toThrow(
      'No platform stream stores events.billing.invoice_sent.v1',
    );
  });
});

describe('subjectMatches', () => {
  it.each([
    ['events.payments.>', 'events.payments.payment_succeeded.v1', true],
    ['events.payments.>', 'events.payments', false],
    ['events.*.x', 'events.payments.x', true],
    ['events.*.x', 'events.payments.y', false],
    ['deadletter.a', 'deadletter.a', true],
    ['deadletter.a', 'deadletter.a.b', false],
  ])('%s against %s: %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

describe('streamConfig', () => {
  it('leaves nothing to the server: storage, retention, limits, duplicate window, replicas', () => {
    expect(streamConfig(EventStreams.tutoring, { replicas: 3, retentionDays: 10 })).toEqual({
      name: 'TUTORING_EVENTS',
      subjects: ['events.tutoring.>'],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      discard: DiscardPolicy.Old,
      max_age: days(10),
      max_bytes: StreamLimits.eventStreamMaxBytes,
      max_msgs: -1,
      duplicate_window: nanos(2 * 60_000),
      num_replicas: 3,
    });
  });

  it('keeps dead letters 30 days, longer than events by default', () => {
    const deadLetters = streamConfig(DeadLetterStream, { retentionDays: 3 });
    expect(deadLetters.max_age).toBe(days(StreamLimits.deadLetterRetentionDays));
    expect(deadLetters.max_bytes).toBe(StreamLimits.deadLetterMaxBytes);
    expect(streamConfig(EventStreams.identity).max_age).toBe(days(StreamLimits.retentionDays));
    expect(StreamLimits.deadLetterRetentionDays).toBeGreaterThan(StreamLimits.retentionDays);
  });
});
