import { describe, expect, it } from '@jest/globals';
import { DemoCards, PaymentMessages, type PaymentStatus } from '@medtutor/contracts';
import { DemoPaymentProvider } from './demo-payment-provider.js';

const provider = new DemoPaymentProvider();
const intent = (status: PaymentStatus) => ({
  providerPaymentId: 'demo_pi_1',
  amountMinor: 4500,
  currency: 'GBP' as const,
  status,
});
const ref = { intentId: 'demo_pi_1', metadata: {} };

describe('the demo provider: the test cards decide', () => {
  it('4242… reports the intent paid (only while the row is open) and answers succeeded', () => {
    const outcome = provider.confirmCard({ intent: intent('pending'), cardNumber: DemoCards.succeeds });
    expect(outcome?.reply).toEqual({ status: 'succeeded', message: null });
    expect(outcome?.event).toMatchObject({
      provider: 'demo',
      id: expect.stringMatching(/^demo_evt_/),
      change: {
        kind: 'intent_succeeded',
        ...ref,
        amountMinor: 4500,
        currency: 'GBP',
        livemodes: [false],
        onlyIfOpen: true,
      },
    });
  });

  it('4000…0002 is declined for good, with the spec message', () => {
    const outcome = provider.confirmCard({ intent: intent('pending'), cardNumber: DemoCards.declines });
    expect(outcome?.reply).toEqual({ status: 'failed', message: PaymentMessages.cardDeclined });
    expect(outcome?.event.change).toEqual({
      kind: 'attempt_failed',
      ...ref,
      reason: PaymentMessages.cardDeclined,
      final: true,
    });
  });

  it('4000 0025 0000 3155 first asks to authenticate, whatever the answer sent with it', () => {
    for (const authentication of [undefined, 'approve', 'fail'] as const) {
      const outcome = provider.confirmCard({
        intent: intent('pending'),
        cardNumber: DemoCards.requiresAuthentication,
        authentication,
      });
      expect(outcome?.reply).toEqual({ status: 'requires_action', message: null });
      expect(outcome?.event.change).toEqual({ kind: 'intent_requires_action', ...ref });
    }
  });

  it('once authentication was asked, approving pays and failing ends the checkout', () => {
    const approved = provider.confirmCard({
      intent: intent('requires_action'),
      cardNumber: DemoCards.requiresAuthentication,
      authentication: 'approve',
    });
    expect(approved?.reply).toEqual({ status: 'succeeded', message: null });
    expect(approved?.event.change).toMatchObject({ kind: 'intent_succeeded', onlyIfOpen: true });

    const failed = provider.confirmCard({
      intent: intent('requires_action'),
      cardNumber: DemoCards.requiresAuthentication,
      authentication: 'fail',
    });
    expect(failed?.reply).toEqual({ status: 'failed', message: PaymentMessages.authenticationFailed });
    expect(failed?.event.change).toMatchObject({ kind: 'attempt_failed', final: true });

    const again = provider.confirmCard({
      intent: intent('requires_action'),
      cardNumber: DemoCards.requiresAuthentication,
    });
    expect(again?.reply).toEqual({ status: 'requires_action', message: null });
  });

  it('any other card is unknown; each event has its own id', () => {
    expect(provider.confirmCard({ intent: intent('pending'), cardNumber: '4111111111111111' })).toBeNull();
    const first = provider.confirmCard({ intent: intent('pending'), cardNumber: DemoCards.succeeds });
    const second = provider.confirmCard({ intent: intent('pending'), cardNumber: DemoCards.succeeds });
    expect(first?.event.id).not.toEqual(second?.event.id);
  });

  it('has no webhook: every request is refused', () => {
    expect(() => provider.verifyWebhook()).toThrow('the demo provider has no webhook');
  });
});
