import { Injectable } from '@nestjs/common';
import type { Actor, TutoringExport } from '@medtutor/contracts';
import { requireActor } from '@medtutor/nest-kit';
import { emailKey } from '../consultations/consultations.service.js';
import { toTutoringExport } from './privacy-export.mapping.js';
import { PrivacyExportRepository } from './privacy-export.repository.js';

/** Issue 26: what tutoring holds about the signed-in user, by their id and by their email address. */
@Injectable()
export class PrivacyExportService {
  constructor(private readonly records: PrivacyExportRepository) {}

  async exportOf(actor: Actor | null, email: string): Promise<TutoringExport> {
    const { userId } = requireActor(actor);
    return toTutoringExport(await this.records.recordsOf(userId, emailKey(email)));
  }
}
