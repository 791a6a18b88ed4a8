import { Injectable } from '@nestjs/common';
import type { Actor, CatalogPaymentsExport } from '@medtutor/contracts';
import { requireActor } from '@medtutor/nest-kit';
import { toCatalogPaymentsExport } from './privacy-export.mapping.js';
import { PrivacyExportRepository } from './privacy-export.repository.js';

/** Issue 26: the signed-in user's payments, refunds, discount codes and the emails sent to them. */
@Injectable()
export class PrivacyExportService {
  constructor(private readonly records: PrivacyExportRepository) {}

  async exportOf(actor: Actor | null, email: string): Promise<CatalogPaymentsExport> {
    const { userId } = requireActor(actor);
    return toCatalogPaymentsExport(await this.records.recordsOf(userId, email));
  }
}
