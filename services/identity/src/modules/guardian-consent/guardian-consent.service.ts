import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  type Actor,
  ConsentMessages,
  type ConsentStateReply,
  type GuardianConsentDetails,
  type SetDateOfBirthRequestSchema,
} from '@medtutor/contracts';
import { forbidden, MailRelay, notFound, OutboxRelay, requireActor } from '@medtutor/nest-kit';
import type { z } from 'zod';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../config/identity.config.js';
import { generateResetToken, hashResetToken } from '../password-resets/reset-token.js';
import { normaliseEmail } from '../users/user.mapping.js';
import { consentChangedEvent } from './consent-event.js';
import { consentGivenEmail, consentLink, guardianConsentEmail } from './consent-email.js';
import {
  consentLinkExpiry,
  isConsentLinkUsable,
  mayResend,
  onDateOfBirthGiven,
  onGuardianConsent,
  onResendRequested,
  type Refusal,
} from './consent.rules.js';
import {
  consentLinkInvalid,
  consentNotAwaited,
  dateOfBirthAlreadySet,
  dateOfBirthInvalid,
  guardianEmailOwn,
  guardianRequired,
  resendTooSoon,
  tooYoung,
} from './guardian-consent.errors.js';
import { dateOfBirthText, type GuardianRequest, GuardianConsentRepository } from './guardian-consent.repository.js';

type SetDateOfBirth = z.output<typeof SetDateOfBirthRequestSchema>;

/** The name the guardian and the consent page see: the first name, else the username (never the email). */
export const studentFirstNameOf = (user: { firstName: string | null; username: string }): string =>
  user.firstName?.trim() || user.username;

export const refusalError = (refusal: Refusal) =>
  refusal === 'tooYoung' ? tooYoung() : refusal === 'invalidDate' ? dateOfBirthInvalid() : dateOfBirthAlreadySet();

/**
 * Issue 26: a student's date of birth, their guardian's consent and its links. Registration starts
 * the same flow in UsersService through `guardianRequest`.
 */
@Injectable()
export class GuardianConsentService implements OnApplicationBootstrap {
  constructor(
    private readonly consents: GuardianConsentRepository,
    private readonly mailRelay: MailRelay,
    private readonly outboxRelay: OutboxRelay,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Students registered before issue 26 are announced once, as date_of_birth_missing. */
  async onApplicationBootstrap(): Promise<void> {
    const announced = await this.consents.announceUnannounced((student) =>
      consentChangedEvent(student.id, student.consentState, 1, null),
    );
    if (announced > 0) this.outboxRelay.nudge();
  }

  /**
   * The guardian's record, a fresh link and its email, for a student aged 13–17. The guardian's
   * address must not be the student's own.
   */
  guardianRequest(
    student: { email: string; firstName: string | null; username: string },
    guardian: { guardianName?: string; guardianEmail?: string },
    now: Date,
  ): GuardianRequest {
    if (!guardian.guardianName || !guardian.guardianEmail) throw guardianRequired();
    const guardianEmail = normaliseEmail(guardian.guardianEmail);
    if (guardianEmail === normaliseEmail(student.email)) throw guardianEmailOwn();
    const token = generateResetToken();
    const to = { guardianName: guardian.guardianName, guardianEmail };
    return {
      ...to,
      link: { tokenHash: hashResetToken(token), expiresAt: consentLinkExpiry(now) },
      email: this.guardianEmail(to, studentFirstNameOf(student), token),
    };
  }

  /** Wakes the relays after a transaction that queued mail and events. */
  wakeRelays(): void {
    this.mailRelay.wake();
    this.outboxRelay.nudge();
  }

  async setDateOfBirth(
    request: SetDateOfBirth,
    actor: Actor | null,
    correlationId: string | null,
  ): Promise<ConsentStateReply> {
    const signedIn = requireActor(actor);
    if (signedIn.role !== 'student') throw forbidden();
    const student = await this.consents.findStudent(signedIn.userId);
    if (!student) throw notFound();
    const now = new Date();
    const transition = onDateOfBirthGiven(student.consentState, request.dateOfBirth, now);
    if (!transition.ok) throw refusalError(transition.refusal);
    const guardian = transition.next === 'awaiting_consent' ? this.guardianRequest(student, request, now) : null;
    const applied = await this.consents.setDateOfBirth(
      student.id,
      request.dateOfBirth,
      {
        from: student.consentState,
        next: transition.next,
        eventFor: (userId, version) => consentChangedEvent(userId, transition.next, version, correlationId),
      },
      guardian,
      now,
    );
    if (!applied) throw dateOfBirthAlreadySet();
    this.wakeRelays();
    return {
      state: transition.next,
      message: guardian ? ConsentMessages.requestSent : ConsentMessages.dateOfBirthSaved,
    };
  }

  /** A new link for the student's guardian: by the student for themselves, or by an admin. */
  async resend(userId: number, actor: Actor | null, correlationId: string | null): Promise<ConsentStateReply> {
    const signedIn = requireActor(actor);
    if (signedIn.role !== 'admin' && signedIn.userId !== userId) throw forbidden();
    const student = await this.consents.findStudent(userId);
    if (!student) throw notFound();
    const now = new Date();
    const transition = onResendRequested(student.consentState, dateOfBirthText(student), now);
    if (!transition.ok || !student.guardianConsent) throw consentNotAwaited();
    const change = {
      from: student.consentState,
      next: transition.next,
      eventFor: (id: number, version: number) => consentChangedEvent(id, transition.next, version, correlationId),
    };
    if (!transition.sendLink) {
      if (!(await this.consents.changeState(student.id, change))) throw consentNotAwaited();
      this.outboxRelay.nudge();
      return { state: transition.next, message: ConsentMessages.nowAdult };
    }
    if (!mayResend(await this.consents.newestLinkAt(student.id), now)) throw resendTooSoon();
    const token = generateResetToken();
    const { guardianName, guardianEmail } = student.guardianConsent;
    await this.consents.resend(
      student.id,
      { tokenHash: hashResetToken(token), expiresAt: consentLinkExpiry(now) },
      this.guardianEmail({ guardianName, guardianEmail }, studentFirstNameOf(student), token),
      now,
    );
    this.mailRelay.wake();
    return { state: 'awaiting_consent', message: ConsentMessages.requestSent };
  }

  /** What the consent page shows; the same refusal for unknown, spent and expired links. */
  async details(token: string): Promise<GuardianConsentDetails> {
    const link = await this.consents.findLink(hashResetToken(token));
    if (!link || !isConsentLinkUsable(link, new Date()) || link.user.consentState !== 'awaiting_consent') {
      throw consentLinkInvalid();
    }
    return {
      studentFirstName: studentFirstNameOf(link.user),
      guardianName: link.user.guardianConsent?.guardianName ?? '',
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  /** The guardian consents: the link is spent, the time recorded, the student told and announced. */
  async consent(token: string, correlationId: string | null): Promise<ConsentStateReply> {
    // The repository applies it only to a student still awaiting consent, checked inside its transaction.
    const transition = onGuardianConsent('awaiting_consent');
    if (!transition.ok) throw consentLinkInvalid();
    const student = await this.consents.consent(
      hashResetToken(token),
      {
        from: 'awaiting_consent',
        next: transition.next,
        eventFor: (userId, version) => consentChangedEvent(userId, transition.next, version, correlationId),
      },
      (user) =>
        consentGivenEmail(
          { email: user.email, firstName: studentFirstNameOf(user) },
          `${this.config.publicBaseUrl}/#pricing`,
        ),
      new Date(),
    );
    if (!student) throw consentLinkInvalid();
    this.wakeRelays();
    return { state: transition.next, message: ConsentMessages.consentRecorded };
  }

  private guardianEmail(to: { guardianName: string; guardianEmail: string }, studentFirstName: string, token: string) {
    return guardianConsentEmail(
      to,
      studentFirstName,
      consentLink(this.config.publicBaseUrl, token),
      `${this.config.publicBaseUrl}/privacy-policy`,
    );
  }
}
