import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { type Actor, ConsentMessages, ErrorCodes, mayPay } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';
import { StudentConsentsRepository } from './student-consents.repository.js';

/**
 * How long a checkout waits for identity's announcement of a student catalog-payments has not
 * heard of: registration announces it in its own transaction and the relay publishes within
 * milliseconds, so only a checkout right after registering waits. Well inside the gateway's RPC timeout.
 */
export const UNKNOWN_STUDENT_WAIT_MS = 2_000;
const UNKNOWN_STUDENT_POLL_MS = 100;

/**
 * Issue 26: a student pays only as an adult or with a guardian's consent, and one without a date of
 * birth gives it first. Admins buying for themselves are not students and are not asked.
 */
@Injectable()
export class PaymentEligibility {
  constructor(private readonly consents: StudentConsentsRepository) {}

  async requireMayPay(buyer: Actor, waitMs = UNKNOWN_STUDENT_WAIT_MS): Promise<void> {
    if (buyer.role !== 'student') return;
    const state = await this.stateOf(buyer.userId, waitMs);
    if (state === null) throw new DomainError(ErrorCodes.accountNotReady, ConsentMessages.accountNotReady);
    if (mayPay(state)) return;
    if (state === 'date_of_birth_missing') {
      throw new DomainError(ErrorCodes.dateOfBirthRequired, ConsentMessages.paymentNeedsDateOfBirth);
    }
    throw new DomainError(ErrorCodes.guardianConsentRequired, ConsentMessages.paymentNeedsConsent);
  }

  private async stateOf(userId: number, waitMs: number) {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const state = await this.consents.stateOf(userId);
      if (state !== null || Date.now() >= deadline) return state;
      await sleep(UNKNOWN_STUDENT_POLL_MS);
    }
  }
}
