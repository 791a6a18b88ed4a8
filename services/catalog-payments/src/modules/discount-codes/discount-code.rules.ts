/**
 * A discount code's states: available → reserved (a checkout holds it) → spent (its payment succeeded),
 * and reserved → available when that checkout ends unpaid. Each change names the states it may start
 * from; the repository puts exactly these in its conditional UPDATE's WHERE, so the database decides
 * the race and this table is the one place the rule is written.
 */
export type DiscountCodeStatus = 'available' | 'reserved' | 'spent';

/** A state a change may start from: the status, and for a hold, whose payment holds it. */
export interface DiscountCodeFrom {
  status: DiscountCodeStatus;
  reservedForPaymentId?: string;
}

export interface DiscountCodeChange {
  from: DiscountCodeFrom[];
  to: DiscountCodeStatus;
}

/**
 * - reserve: a free code only; a hold is never taken over, not even an expired one or by the same
 *   buyer, since it ends only when its payment is closed (after its intent was cancelled);
 * - spend: the payment's own hold, even past its expiry, or a free code (a payment paid after its
 *   hold was released); a code spent or held by another payment is not this payment's to spend;
 * - release: the payment's own hold only.
 */
export const DiscountCodeChanges = {
  reserve: (): DiscountCodeChange => ({ from: [{ status: 'available' }], to: 'reserved' }),
  spend: (paymentId: string): DiscountCodeChange => ({
    from: [{ status: 'reserved', reservedForPaymentId: paymentId }, { status: 'available' }],
    to: 'spent',
  }),
  release: (paymentId: string): DiscountCodeChange => ({
    from: [{ status: 'reserved', reservedForPaymentId: paymentId }],
    to: 'available',
  }),
};
