import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  EventTypes,
  type InviteTutorBodySchema,
  type InviteTutorReply,
  TutorInvitationLinkHours,
  type TutorInvitedV1,
} from '@medtutor/contracts';
import { forbidden, MailRelay, newEvent, OutboxRelay } from '@medtutor/nest-kit';
import type { z } from 'zod';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../config/identity.config.js';
import { PasswordHasher } from '../../infra/password-hasher.js';
import { resetLink } from '../password-resets/reset-email.js';
import { generateResetToken, hashResetToken } from '../password-resets/reset-token.js';
import { normaliseEmail } from '../users/user.mapping.js';
import { emailTaken, unauthenticated } from '../users/users.errors.js';
import { TutorInvitationsRepository } from './tutor-invitations.repository.js';
import { tutorInvitationEmail } from './invitation-email.js';

type Invitation = z.output<typeof InviteTutorBodySchema>;

export const invitationExpiry = (issuedAt: Date): Date =>
  new Date(issuedAt.getTime() + TutorInvitationLinkHours * 3_600_000);

@Injectable()
export class TutorInvitationsService {
  constructor(
    private readonly invitations: TutorInvitationsRepository,
    private readonly hasher: PasswordHasher,
    private readonly mailRelay: MailRelay,
    private readonly outboxRelay: OutboxRelay,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Creates the tutor's login and emails a set-password link. The account has a random password
   * nobody knows until the tutor sets one through the link, the password-reset mechanism's own.
   */
  async invite(invitation: Invitation, actor: Actor | null, correlationId: string | null): Promise<InviteTutorReply> {
    if (!actor) throw unauthenticated();
    if (actor.role !== 'admin') throw forbidden();
    const email = normaliseEmail(invitation.email);
    // Checked first: the username is the address too, and its index would report the clash instead.
    if (await this.invitations.emailInUse(email)) throw emailTaken();
    const token = generateResetToken();
    const expiresAt = invitationExpiry(new Date());
    const user = await this.invitations.create(
      {
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
          invitedBy: actor.userId,
        };
        return newEvent(EventTypes.tutorInvited, 1, event, correlationId);
      },
    );
    this.mailRelay.wake();
    this.outboxRelay.nudge();
    return { userId: user.id, tutorId: invitation.tutorId, email, inviteExpiresAt: expiresAt.toISOString() };
  }
}
