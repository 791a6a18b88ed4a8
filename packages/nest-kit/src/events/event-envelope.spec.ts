import { describe, expect, it } from '@jest/globals';
import { EventEnvelopeSchema } from '@medtutor/contracts';
import { newEvent } from './event-envelope.js';

describe('newEvent', () => {
  it('builds an envelope that the consumers accept', () => {
    const envelope = newEvent('payments.payment_succeeded.v1', 1, { paymentId: 3 }, 'corr-9');

    expect(EventEnvelopeSchema.parse(envelope)).toEqual(envelope);
    expect(envelope).toMatchObject({
      type: 'payments.payment_succeeded.v1',
      version: 1,
      correlationId: 'corr-9',
      data: { paymentId: 3 },
    });
    expect(Date.parse(envelope.occurredAt)).not.toBeNaN();
  });

  it('gives every event its own id', () => {
    expect(newEvent('a.b.v1', 1, null, null).id).not.toBe(newEvent('a.b.v1', 1, null, null).id);
  });
});
