import { Injectable } from '@nestjs/common';
import type { Actor, PayrollExport } from '@medtutor/contracts';
import { requireActor } from '@medtutor/nest-kit';
import { toPayrollExport } from './privacy-export.mapping.js';
import { PrivacyExportRepository } from './privacy-export.repository.js';

/** Issue 26: what payroll holds about the signed-in user (it keys everything by user or tutor id). */
@Injectable()
export class PrivacyExportService {
  constructor(private readonly records: PrivacyExportRepository) {}

  async exportOf(actor: Actor | null): Promise<PayrollExport> {
    const { userId } = requireActor(actor);
    return toPayrollExport(await this.records.recordsOf(userId));
  }
}
