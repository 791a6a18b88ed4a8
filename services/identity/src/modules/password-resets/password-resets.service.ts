import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import {
  EventTypes,
  type PasswordResetRequestedV1,
  type RequestPasswordResetReply,
  type ResetPasswordReply,
  type ResetPasswordRequestSchema,
} from '@medtutor/contracts';
import { MailRelay, newEvent, OutboxRelay } from '@medtutor/nest-kit';
import type { z } from 'zod';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../config/identity.config.js';
import { isCommonPassword } from '../../infra/common-passwords.js';
import { PasswordHasher } from '../../infra/password-hasher.js';
import { normaliseEmail } from '../users/user.mapping.js';
import { passwordTooCommon } from '../users/users.errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { resetTokenInvalid } from './password-resets.errors.js';
import { PasswordResetsRepository } from './password-resets.repository.js';
import { resetLink, resetPasswordEmail } from './reset-email.js';
import {
  generateResetToken,
  hashResetToken,
  isResetTokenUsable,
  mayIssueResetToken,
  resetTokenExpiry,
} from './reset-token.js';

type ResetPassword = z.output<typeof ResetPasswordRequestSchema>;

/**
 * Every reset request answers after at least this long, known email or not. Issuing a link costs a
 * few milliseconds of writes that an unknown email does not; the floor hides that difference.
 */
export const RESET_REQUEST_MIN_REPLY_MS = 250;

@Injectable()
export class PasswordResetsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly hasher: PasswordHasher,
    private readonly mailRelay: MailRelay,
    private readonly outboxRelay: OutboxRelay,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async requestReset(email: string, correlationId: string | null): Promise<RequestPasswordResetReply> {
    const [issued] = await Promise.allSettled([
      this.issueIfKnown(email, correlationId),
      sleep(RESET_REQUEST_MIN_REPLY_MS),
    ]);
    if (issued.status === 'rejected') throw issued.reason;
    return { accepted: true };
  }

  async resetPassword(request: ResetPassword): Promise<ResetPasswordReply> {
    // Also guards a tutor's first password, set through the invitation's link.
    if (isCommonPassword(request.password)) throw passwordTooCommon();
    this.hasher.refuseNewHashIfSaturated();
    const tokenHash = hashResetToken(request.token);
    // Checked before hashing, so a dead link costs no argon2 run; `redeem` re-checks atomically.
    const reset = await this.resets.findByTokenHash(tokenHash);
    if (!reset || !isResetTokenUsable(reset, new Date())) throw resetTokenInvalid();
    const userId = await this.resets.redeem(tokenHash, await this.hasher.hash(request.password), new Date());
    if (userId === null) throw resetTokenInvalid();
    return { userId };
  }

  private async issueIfKnown(email: string, correlationId: string | null): Promise<void> {
    const user = await this.users.findByEmail(normaliseEmail(email));
    if (!user) return;
    const now = new Date();
    if (!mayIssueResetToken(await this.resets.newestUnusedIssuedAt(user.id), now)) return;
    const token = generateResetToken();
    const expiresAt = resetTokenExpiry(now);
    const event: PasswordResetRequestedV1 = { userId: user.id, expiresAt: expiresAt.toISOString() };
    await this.resets.issue(
      { userId: user.id, email: user.email, tokenHash: hashResetToken(token), expiresAt },
      resetPasswordEmail(user, resetLink(this.config.publicBaseUrl, token)),
      newEvent(EventTypes.passwordResetRequested, 1, event, correlationId),
      now,
    );
    this.mailRelay.wake();
    this.outboxRelay.nudge();
  }
}
