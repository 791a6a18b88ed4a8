import { Injectable } from '@nestjs/common';
import type { PaymentSucceededV1, UserRegisteredV1 } from '@medtutor/contracts';
import type { Db } from '../../infra/db.js';
import { VerifiedPurchasesRepository } from './verified-purchases.repository.js';

/** Identity's normalisation: case and surrounding spaces never matter in an email. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/**
 * A story is a verified purchase when its email belongs to a student who has paid for a package.
 * Both facts arrive as events from other services, in any order; the answer is read when a list is served.
 */
@Injectable()
export class VerifiedPurchasesService {
  constructor(private readonly repository: VerifiedPurchasesRepository) {}

  /** Only students: an admin's or tutor's own test purchase verifies nothing. */
  async recordRegistration(db: Db, user: UserRegisteredV1): Promise<void> {
    if (user.role !== 'student') return;
    await this.repository.recordUser(db, user.userId, emailKey(user.email));
  }

  async recordPayment(db: Db, payment: PaymentSucceededV1): Promise<void> {
    await this.repository.recordPayment(db, payment.userId, new Date(payment.paidAt));
  }

  /** Those of the given emails (any case) that are verified purchasers, normalised. */
  verifiedEmails(emails: string[]): Promise<Set<string>> {
    return this.repository.paidEmails(emails.map(emailKey));
  }
}
