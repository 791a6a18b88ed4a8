import { Injectable } from '@nestjs/common';
import type { PaymentSucceededV1 } from '@medtutor/contracts';
import type { Db } from '../../infra/db.js';
import { VerifiedPurchasesRepository } from './verified-purchases.repository.js';

/**
 * A story is a verified purchase when the signed-in student who submitted it has paid for a package.
 * Payments arrive as events, possibly after the story: the answer is read when a list is served.
 */
@Injectable()
export class VerifiedPurchasesService {
  constructor(private readonly repository: VerifiedPurchasesRepository) {}

  async recordPayment(db: Db, payment: PaymentSucceededV1): Promise<void> {
    await this.repository.recordPayment(db, payment.userId, new Date(payment.paidAt));
  }

  /** Those of the submitters (null: a visitor's story) who have paid. */
  paidSubmitters(submitters: Array<number | null>): Promise<Set<number>> {
    return this.repository.paidUsers(submitters.filter((id): id is number => id !== null));
  }
}
