import { describe, expect, it } from '@jest/globals';
import { CatalogMessages } from './catalog.js';
import {
  CreatePaymentIntentBodySchema,
  CreatePaymentIntentRequestSchema,
  DemoConfirmBodySchema,
  PaymentIntentDtoSchema,
  PaymentSucceededV1Schema,
} from './payments-schemas.js';
import { DemoCards, PaymentMessages, PaymentStatuses, PaymentProviders } from './payments.js';

describe('CreatePaymentIntentBodySchema', () => {
  it('defaults to a single session in GBP with no code, and drops a client amount', () => {
    expect(CreatePaymentIntentBodySchema.parse({ subject: 'Medical School Support', amount: 1 })).toEqual({
      subject: 'Medical School Support',
      packageType: 'singleSession',
      currency: 'GBP',
      discountCode: undefined,
    });
  });

  it.each([
    [' welcome30 ', 'WELCOME30'],
    ['', undefined],
    ['   ', undefined],
    [null, undefined],
    ['x'.repeat(64), 'X'.repeat(64)],
  ])('reads the code %j as %j', (discountCode, expected) => {
    expect(CreatePaymentIntentBodySchema.parse({ subject: 'UCAT', discountCode }).discountCode).toBe(expected);
  });

  it('refuses a code longer than 64 characters and values outside the catalog', () => {
    expect(CreatePaymentIntentBodySchema.safeParse({ subject: 'UCAT', discountCode: 'x'.repeat(65) }).success).toBe(
      false,
    );
    expect(
      CreatePaymentIntentBodySchema.safeParse({ subject: 'UCAT', currency: 'SEK' }).error?.issues[0]?.message,
    ).toBe(CatalogMessages.currencyInvalid);
    expect(
      CreatePaymentIntentBodySchema.safeParse({ subject: 'UCAT', packageType: 'package20' }).error?.issues[0]?.message,
    ).toBe(CatalogMessages.packageTypeInvalid);
  });

  it('adds the buyer the gateway took from the account, none by default', () => {
    expect(CreatePaymentIntentRequestSchema.parse({ subject: 'UCAT' }).buyer).toBeNull();
    expect(
      CreatePaymentIntentRequestSchema.parse({ subject: 'UCAT', buyer: { email: 'ada@example.com', name: null } })
        .buyer,
    ).toEqual({ email: 'ada@example.com', name: null });
    expect(
      CreatePaymentIntentRequestSchema.safeParse({ subject: 'UCAT', buyer: { email: 'ada', name: null } }).success,
    ).toBe(false);
  });
});

describe('DemoConfirmBodySchema', () => {
  const body = { paymentId: '9b2f8f0e-4c1e-4f39-9a4e-0d6f8c3b2a11', clientSecret: 's' };

  it('reads a card number typed with spaces or dashes', () => {
    expect(DemoConfirmBodySchema.parse({ ...body, cardNumber: '4242 4242-4242 4242' })).toEqual({
      ...body,
      cardNumber: DemoCards.succeeds,
    });
    expect(DemoConfirmBodySchema.parse({ ...body, cardNumber: '1'.repeat(12), authentication: 'fail' })).toMatchObject({
      authentication: 'fail',
    });
  });

  it.each(['1'.repeat(11), '1'.repeat(20), '4242x4242x4242', ''])('refuses the card %j', (cardNumber) => {
    expect(DemoConfirmBodySchema.safeParse({ ...body, cardNumber }).error?.issues[0]?.message).toBe(
      PaymentMessages.demoCardUnknown,
    );
  });

  it('needs a payment id and a client secret', () => {
    expect(DemoConfirmBodySchema.safeParse({ ...body, paymentId: 'p1', cardNumber: DemoCards.succeeds }).success).toBe(
      false,
    );
    expect(DemoConfirmBodySchema.safeParse({ ...body, clientSecret: '', cardNumber: DemoCards.succeeds }).success).toBe(
      false,
    );
    expect(
      DemoConfirmBodySchema.safeParse({ ...body, cardNumber: DemoCards.succeeds, authentication: 'maybe' }).success,
    ).toBe(false);
  });
});

describe('payment answers and events', () => {
  const paid = {
    paymentId: '9b2f8f0e-4c1e-4f39-9a4e-0d6f8c3b2a11',
    userId: 7,
    subject: 'Medical School Interviews',
    packageType: 'package5',
    packageName: '5-Session Package',
    hours: 5,
    currency: 'USD',
    amount: 20320,
    discountCode: 'WELCOME30',
    provider: 'stripe',
    paidAt: '2026-11-22T09:00:00.000Z',
  };

  it('carry what tutoring credits', () => {
    expect(PaymentSucceededV1Schema.parse(paid)).toEqual(paid);
    expect(PaymentSucceededV1Schema.safeParse({ ...paid, hours: 0 }).success).toBe(false);
    expect(PaymentSucceededV1Schema.safeParse({ ...paid, provider: 'paypal' }).success).toBe(false);
  });

  it('answer a checkout with the price before and after the code', () => {
    const intent = {
      paymentId: paid.paymentId,
      provider: 'demo',
      publishableKey: null,
      clientSecret: 'pi_1_secret_2',
      subject: 'Medical School Interviews',
      packageType: 'package5',
      packageName: '5-Session Package',
      hours: 5,
      currency: 'USD',
      amount: 20320,
      formattedPrice: '$203.20',
      originalPrice: '$241.30',
      discountApplied: true,
      discountCode: 'WELCOME30',
      discountAmount: 3810,
    };
    expect(PaymentIntentDtoSchema.parse(intent)).toEqual(intent);
    expect(PaymentIntentDtoSchema.safeParse({ ...intent, clientSecret: '' }).success).toBe(false);
  });

  it('name the providers and statuses', () => {
    expect(PaymentProviders).toEqual(['stripe', 'demo']);
    expect(PaymentStatuses).toEqual(['pending', 'requires_action', 'succeeded', 'failed', 'canceled']);
  });
});
