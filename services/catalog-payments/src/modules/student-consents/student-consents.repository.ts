import { Injectable } from '@nestjs/common';
import { type ConsentState, ConsentStates, type StudentConsentChangedV1 } from '@medtutor/contracts';
import type { RawSqlExecutor } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';

/** identity's students' standing for payments as far as catalog-payments has heard (its own read model). */
@Injectable()
export class StudentConsentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Applies a state unless this version or a later one is known already. */
  static async record(tx: RawSqlExecutor, student: StudentConsentChangedV1): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO student_consents (user_id, state, version, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, version = EXCLUDED.version, updated_at = now()
       WHERE student_consents.version < EXCLUDED.version`,
      student.userId,
      student.state,
      student.version,
    );
  }

  /** The student's state, or null when identity's announcement has not arrived yet. */
  async stateOf(userId: number): Promise<ConsentState | null> {
    const row = await this.prisma.studentConsent.findUnique({ where: { userId }, select: { state: true } });
    if (!row) return null;
    return (ConsentStates as readonly string[]).includes(row.state) ? (row.state as ConsentState) : null;
  }
}
