import type { PaymentStatus } from '@medtutor/contracts';

/**
 * The success page asks again while the payment is still settling (a slow webhook), a few times,
 * then says it is being confirmed rather than waiting forever.
 */
export const PaymentPolling = { intervalMs: 2000, maxPolls: 6 } as const;

const settling: readonly PaymentStatus[] = ['pending', 'requires_action'];

/** `polls` is how many answers have been received so far. */
export const shouldPollAgain = (status: PaymentStatus, polls: number): boolean =>
  settling.includes(status) && polls < PaymentPolling.maxPolls;
