import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  EventTypes,
  type InviteTutorBodySchema,
  type InviteTutorReply,
  TutorInvitationLinkHours,
  type TutorInvitedV1,
} from '@medtutor/contracts';
import { MailRelay, newEvent, OutboxRelay, requireRole } from '@medtutor/nest-kit';
import type { z } from 'zod';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../config/identity.config.js';
import { PasswordHasher } from '../../infra/password-hasher.js';
import { resetLink } from '../password-resets/reset-email.js';
import { generateResetToken, hashResetToken } from '../password-resets/reset-token.js';
import { normaliseEmail } from '../users/user.mapping.js';
import { emailTaken } from '../users/users.errors.js';
import { tutorHasLogin, tutorNotFound } from '../tutor-directory/tutor-directory.errors.js';
import { TutorDirectoryRepository } from '../tutor-directory/tutor-directory.repository.js';
import { TutorInvitationsRepository } from './tutor-invitations.repository.js';
import { tutorInvitationEmail } from './invitation-email.js';

type Invitation = z.output<typeof InviteTutorBodySchema>;

/**
 * How long an invitation waits for a directory entry identity has not heard of: tutoring announces a
 * new entry within milliseconds, and an admin may invite the moment it is created. Well inside the
 * gateway's RPC timeout, so a truly unknown entry still gets its 404.
 */
export const UNKNOWN_TUTOR_WAIT_MS = 1_500;
const UNKNOWN_TUTOR_POLL_MS = 100;

export const invitationExpiry = (issuedAt: Date): Date =>
  new Date(issuedAt.getTime() + TutorInvitationLinkHours * 3_600_000);

@Injectable()
export class TutorInvitationsService {
  constructor(
    private readonly invitations: TutorInvitationsRepository,
    private readonly directory: TutorDirectoryRepository,
    private readonly hasher: PasswordHasher,
    private readonly mailRelay: MailRelay,
    private readonly outboxRelay: OutboxRelay,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Creates the tutor's login and emails a set-password link. The account has a random password
   * nobody knows until the tutor sets one through the link, the password-reset mechanism's own.
   * Only an active directory entry without a login may be invited, as identity knows the directory
   * from tutoring's events; the entry is checked before the address, as it was at the gateway.
   */
  async invite(invitation: Invitation, actor: Actor | null, correlationId: string | null): Promise<InviteTutorReply> {
    const admin = requireRole(actor, 'admin');
    const entry = await this.directoryEntry(invitation.tutorId);
    if (!entry?.active) throw tutorNotFound();
    if (entry.userId !== null) throw tutorHasLogin();
    const email = normaliseEmail(invitation.email);
    // Checked first: the username is the address too, and its index would report the clash instead.
    if (await this.invitations.emailInUse(email)) throw emailTaken();
    const token = generateResetToken();
    const expiresAt = invitationExpiry(new Date());
    const user = await this.invitations.create(
      {
        tutorId: invitation.tutorId,
        // The address is unique, so it serves as the username the tutor never has to type.
        user: {
          username: email,
          email,
          passwordHash: await this.hasher.hash(randomBytes(32).toString('base64url')),
          firstName: invitation.firstName,
          lastName: invitation.lastName,
        },
        tokenHash: hashResetToken(token),
        expiresAt,
      },
      () =>
        tutorInvitationEmail({ email, firstName: invitation.firstName }, resetLink(this.config.publicBaseUrl, token)),
      (created) => {
        const event: TutorInvitedV1 = {
          userId: created.id,
          tutorId: invitation.tutorId,
          email,
          firstName: invitation.firstName,
          lastName: invitation.lastName,
          invitedBy: admin.userId,
        };
        return newEvent(EventTypes.tutorInvited, 1, event, correlationId);
      },
    );
    this.mailRelay.wake();
    this.outboxRelay.nudge();
    return { userId: user.id, tutorId: invitation.tutorId, email, inviteExpiresAt: expiresAt.toISOString() };
  }

  /** The entry, waiting up to UNKNOWN_TUTOR_WAIT_MS for one tutoring may have just created. */
  private async directoryEntry(tutorId: number) {
    const deadline = Date.now() + UNKNOWN_TUTOR_WAIT_MS;
    for (;;) {
      const entry = await this.directory.find(tutorId);
      if (entry || Date.now() >= deadline) return entry;
      await sleep(UNKNOWN_TUTOR_POLL_MS);
    }
  }
}
