import { Injectable } from '@nestjs/common';
import type { Actor, ReviewsExport } from '@medtutor/contracts';
import { requireActor } from '@medtutor/nest-kit';
import { VerifiedPurchasesService } from '../verified-purchases/verified-purchases.service.js';
import { toReviewsExport } from './privacy-export.mapping.js';
import { PrivacyExportRepository } from './privacy-export.repository.js';

/** Issue 26: the signed-in user's success stories and the purchase records reviews keeps of them. */
@Injectable()
export class PrivacyExportService {
  constructor(
    private readonly records: PrivacyExportRepository,
    private readonly verified: VerifiedPurchasesService,
  ) {}

  async exportOf(actor: Actor | null, email: string): Promise<ReviewsExport> {
    const { userId } = requireActor(actor);
    const [records, paid] = await Promise.all([
      this.records.recordsOf(userId, email),
      this.verified.paidSubmitters([userId]),
    ]);
    return toReviewsExport(records, userId, paid.has(userId));
  }
}
