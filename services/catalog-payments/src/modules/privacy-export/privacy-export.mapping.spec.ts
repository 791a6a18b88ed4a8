import { describe, expect, it } from '@jest/globals';
import { CatalogPaymentsExportSchema } from '@medtutor/contracts';
import { Prisma } from '../../generated/prisma/client.js';
import type { PaymentWithMoneyBack } from '../payments/admin-payment.mapping.js';
import { toCatalogPaymentsExport } from './privacy-export.mapping.js';

const payment: PaymentWithMoneyBack = {
  id: '6f1c7f2e-8a55-4c36-9d2a-0b7e3c1d2a10',
  userId: 7,
  buyerEmail: 'amelia@example.com',
  buyerName: 'Amelia Hart',
  subject: 'UCAT',
  packageType: 'package5',
  packageName: '5 Hours',
  hours: 5,
  currency: 'GBP',
  amountMinor: 27000,
  originalAmountMinor: 28000,
  discountMinor: 1000,
  discountCode: 'SAVE10',
  provider: 'stripe',
  providerPaymentId: 'pi_123',
  clientSecret: 'pi_123_secret_do-not-export',
  status: 'succeeded',
  failureReason: null,
  createdAt: new Date('2026-03-01T10:00:00Z'),
  paidAt: new Date('2026-03-01T10:01:00Z'),
  updatedAt: new Date('2026-03-02T10:00:00Z'),
  conflictReason: null,
  conflictAt: null,
  refundedMinor: 5000,
  providerChargeId: 'ch_123',
  settlementCurrency: 'GBP',
  settlementAmountMinor: 26500,
  settlementExchangeRate: new Prisma.Decimal(1),
  refunds: [
    {
      id: '0d9f3a52-3c0e-4b8e-a8c1-2f4f5d6e7a80',
      paymentId: '6f1c7f2e-8a55-4c36-9d2a-0b7e3c1d2a10',
      providerRefundId: 're_1',
      amountMinor: 5000,
      status: 'succeeded',
      reason: 'requested_by_customer',
      requestedBy: 1,
      settlementAmountMinor: 5000,
      createdAt: new Date('2026-03-02T10:00:00Z'),
      updatedAt: new Date('2026-03-02T10:00:00Z'),
    },
  ],
  disputes: [],
};

describe('toCatalogPaymentsExport', () => {
  const exported = toCatalogPaymentsExport({
    payments: [payment],
    discountCodes: [
      {
        id: 4,
        code: 'SAVE10',
        discountPounds: 10,
        status: 'spent',
        reservedBy: null,
        reservedUntil: null,
        reservedForPaymentId: null,
        usedBy: 7,
        usedAt: new Date('2026-03-01T10:01:00Z'),
        createdAt: new Date('2026-02-01T10:00:00Z'),
        createdBy: 1,
      },
    ],
    emails: [{ subject: 'Your receipt', queuedAt: '2026-03-01T10:01:00.000Z', sentAt: null, failedAt: null }],
  });

  it('exports each payment with its refunds, the discount codes used and the emails, under the strict schema', () => {
    const parsed = CatalogPaymentsExportSchema.strict().parse(exported);
    expect(parsed.payments[0]).toMatchObject({
      paymentId: payment.id,
      studentEmail: 'amelia@example.com',
      amount: 27000,
      status: 'partially_refunded',
      refundedAmount: 5000,
      refunds: [{ id: payment.refunds[0]!.id, amount: 5000, status: 'succeeded' }],
    });
    expect(parsed.discountCodes).toEqual([
      { code: 'SAVE10', discountPounds: 10, status: 'spent', usedAt: '2026-03-01T10:01:00.000Z', reservedUntil: null },
    ]);
    expect(parsed.emailsSent).toHaveLength(1);
  });

  it('leaves out the client secret and the business’s own settlement', () => {
    expect(exported.payments[0]).not.toHaveProperty('settlement');
    expect(JSON.stringify(exported)).not.toContain('secret');
  });
});
