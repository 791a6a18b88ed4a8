import { Injectable } from '@nestjs/common';
import type { TutorChangedV1 } from '@medtutor/contracts';
import type { Prisma, TutorDirectoryEntry } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { tutorHasLogin, tutorNotFound } from './tutor-directory.errors.js';

/** identity's copy of tutoring's directory: which entries exist, are active and have a login. */
@Injectable()
export class TutorDirectoryRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(tutorId: number): Promise<TutorDirectoryEntry | null> {
    return this.prisma.tutorDirectoryEntry.findUnique({ where: { tutorId } });
  }

  /**
   * Applies tutoring's state of an entry unless a later version is known already (events come in
   * any order). A login, once known, stays: the invitation records it before tutoring announces it.
   * An applied deactivated state also ends every session its login has (issue 24): a reactivation
   * later restores the sign-in, never the sessions from before the dismissal.
   */
  async record(tx: Prisma.TransactionClient, entry: TutorChangedV1): Promise<void> {
    await tx.$executeRaw`
      WITH applied AS (
        INSERT INTO tutor_directory_entries (tutor_id, active, user_id, version, updated_at)
        VALUES (${entry.tutorId}, ${entry.active}, ${entry.userId}, ${entry.version}, now())
        ON CONFLICT (tutor_id) DO UPDATE
          SET active = EXCLUDED.active,
              user_id = COALESCE(tutor_directory_entries.user_id, EXCLUDED.user_id),
              version = EXCLUDED.version,
              updated_at = now()
          WHERE tutor_directory_entries.version < EXCLUDED.version
        RETURNING active, user_id
      )
      UPDATE users SET sessions_valid_after = now()
        FROM applied
        WHERE users.id = applied.user_id AND NOT applied.active`;
  }

  /**
   * `record` on a transaction of its own, answering the entry's login as identity now knows it:
   * tutoring's, or the invitation's when tutoring has not linked it yet.
   */
  apply(entry: TutorChangedV1): Promise<number | null> {
    return this.prisma.$transaction(async (tx) => {
      await this.record(tx, entry);
      const known = await tx.tutorDirectoryEntry.findUnique({ where: { tutorId: entry.tutorId } });
      return known?.userId ?? null;
    });
  }

  /** Whether this login belongs to a deactivated directory entry: such a tutor may not sign in. */
  async isLoginDeactivated(userId: number): Promise<boolean> {
    const entry = await this.prisma.tutorDirectoryEntry.findFirst({
      where: { userId, active: false },
      select: { tutorId: true },
    });
    return entry !== null;
  }

  /**
   * Gives an active entry without a login the new login, on the invitation's transaction: of two
   * invitations of one entry at once, the second finds it taken and rolls back.
   */
  async claim(tx: Prisma.TransactionClient, tutorId: number, userId: number): Promise<void> {
    const claimed = await tx.tutorDirectoryEntry.updateMany({
      where: { tutorId, active: true, userId: null },
      data: { userId },
    });
    if (claimed.count === 1) return;
    const entry = await tx.tutorDirectoryEntry.findUnique({ where: { tutorId } });
    throw entry?.active ? tutorHasLogin() : tutorNotFound();
  }
}
