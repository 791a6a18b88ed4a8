import { Injectable } from '@nestjs/common';
import type { Actor, IdentityExport } from '@medtutor/contracts';
import { notFound, requireActor } from '@medtutor/nest-kit';
import { toIdentityExport } from './privacy-export.mapping.js';
import { PrivacyExportRepository } from './privacy-export.repository.js';

/** Issue 26: what identity holds about the signed-in user, whatever their role. */
@Injectable()
export class PrivacyExportService {
  constructor(private readonly records: PrivacyExportRepository) {}

  async exportOf(actor: Actor | null): Promise<IdentityExport> {
    const { userId } = requireActor(actor);
    const records = await this.records.recordsOf(userId);
    if (!records) throw notFound();
    return toIdentityExport(records);
  }
}
