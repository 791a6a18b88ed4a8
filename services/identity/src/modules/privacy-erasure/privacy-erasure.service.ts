import { Injectable } from '@nestjs/common';
import { type Actor, ErasureMessages, EventTypes, type UserErasedReply } from '@medtutor/contracts';
import { forbidden, MailRelay, newEvent, notFound, OutboxRelay, requireActor, requireRole } from '@medtutor/nest-kit';
import type { ErasedUser, User } from '../../generated/prisma/client.js';
import { PasswordHasher } from '../../infra/password-hasher.js';
import { changeRefused } from '../two-factor/two-factor.errors.js';
import { TwoFactorService } from '../two-factor/two-factor.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { accountErasedEmail } from './erasure-email.js';
import { codeRequired, ownAccount, studentsOnly } from './privacy-erasure.errors.js';
import { PrivacyErasureRepository } from './privacy-erasure.repository.js';

interface Proof {
  password: string;
  code?: string | undefined;
}

/**
 * Erasure (issue 26): the account goes at once, here, with an audit record left in its place; the
 * identity.user_erased.v1 event in the same transaction makes every other service erase its copies,
 * however long one of them is down. Students only: a tutor's or an admin's account carries payroll
 * and audit duties that an erasure must not cut, so they leave through the team.
 */
@Injectable()
export class PrivacyErasureService {
  constructor(
    private readonly users: UsersRepository,
    private readonly repository: PrivacyErasureRepository,
    private readonly hasher: PasswordHasher,
    private readonly twoFactor: TwoFactorService,
    private readonly outboxRelay: OutboxRelay,
    private readonly mailRelay: MailRelay,
  ) {}

  /** The signed-in student, proven by the password and, when enrolled, a current code. */
  async eraseSelf(
    actor: Actor | null,
    userId: number,
    proof: Proof,
    correlationId: string | null,
  ): Promise<UserErasedReply> {
    if (requireActor(actor).userId !== userId) throw forbidden();
    const user = await this.users.findById(userId);
    if (!user) return this.alreadyErased(userId);
    if (user.role !== 'student') throw studentsOnly();
    // The code is asked for before the password is tried, as the sign-in asks in two steps.
    if (user.totpSecret !== null && !proof.code) throw codeRequired();
    if (!(await this.hasher.verify(user.passwordHash, proof.password))) throw changeRefused();
    if (user.totpSecret !== null) {
      const enrolled = user as User & { totpSecret: string };
      if (!(await this.twoFactor.spendOwnerCode(enrolled, proof.code as string))) throw changeRefused();
    }
    return this.erase(user, { erasedByUserId: null, reason: null }, correlationId);
  }

  /** An admin, on a verified request: a student's account only, never their own. */
  async eraseByAdmin(
    actor: Actor | null,
    userId: number,
    reason: string,
    correlationId: string | null,
  ): Promise<UserErasedReply> {
    const admin = requireRole(actor, 'admin');
    if (admin.userId === userId) throw ownAccount();
    const user = await this.users.findById(userId);
    if (!user) return this.alreadyErased(userId, ErasureMessages.adminErased);
    if (user.role !== 'student') throw studentsOnly();
    return this.erase(user, { erasedByUserId: admin.userId, reason }, correlationId, ErasureMessages.adminErased);
  }

  private async erase(
    user: User,
    by: { erasedByUserId: number | null; reason: string | null },
    correlationId: string | null,
    message: string = ErasureMessages.erased,
  ): Promise<UserErasedReply> {
    const erased = await this.repository.erase(
      user,
      { erasedAt: new Date(), ...by },
      accountErasedEmail(user),
      (record) =>
        newEvent(
          EventTypes.userErased,
          1,
          { userId: user.id, email: user.email, erasedAt: record.erasedAt.toISOString() },
          correlationId,
        ),
    );
    this.outboxRelay.nudge();
    this.mailRelay.wake();
    return replyOf(erased, message);
  }

  /** A repeated erasure (an answer lost on the way, a second admin) answers the first one's record. */
  private async alreadyErased(userId: number, message: string = ErasureMessages.erased): Promise<UserErasedReply> {
    const erased = await this.repository.findErased(userId);
    if (!erased) throw notFound();
    return replyOf(erased, message);
  }
}

const replyOf = (erased: ErasedUser, message: string): UserErasedReply => ({
  userId: erased.userId,
  erasedAt: erased.erasedAt.toISOString(),
  message,
});
