import { Injectable } from '@nestjs/common';
import {
  type Actor,
  EventTypes,
  type GetUserRequestSchema,
  type LoginBodySchema,
  type RegisterBodySchema,
  type SessionValidityReply,
  type UserDto,
  type VerifyCredentialsReply,
} from '@medtutor/contracts';
import { forbidden, newEvent, notFound, OutboxRelay, requireActor } from '@medtutor/nest-kit';
import type { z } from 'zod';
import { isCommonPassword } from '../../infra/common-passwords.js';
import { PasswordHasher } from '../../infra/password-hasher.js';
import { normaliseEmail, toUserDto, toUserRegisteredV1 } from './user.mapping.js';
import { STUDENT_NAME_VERSION, toStudentNameChangedV1 } from '../student-names/student-name.mapping.js';
import { TutorDirectoryRepository } from '../tutor-directory/tutor-directory.repository.js';
import { consentChangedEvent } from '../guardian-consent/consent-event.js';
import { stateAtRegistration } from '../guardian-consent/consent.rules.js';
import { dateOfBirthValue, GuardianConsentRepository } from '../guardian-consent/guardian-consent.repository.js';
import { GuardianConsentService, refusalError } from '../guardian-consent/guardian-consent.service.js';
import { UsersRepository } from './users.repository.js';
import { emailTaken, invalidCredentials, passwordTooCommon, tutorDeactivated, usernameTaken } from './users.errors.js';

type Registration = z.output<typeof RegisterBodySchema>;
type Credentials = z.output<typeof LoginBodySchema>;
type GetUser = z.output<typeof GetUserRequestSchema>;

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly outboxRelay: OutboxRelay,
    private readonly directory: TutorDirectoryRepository,
    private readonly consents: GuardianConsentService,
    private readonly consentRecords: GuardianConsentRepository,
  ) {}

  async register(registration: Registration, correlationId: string | null): Promise<UserDto> {
    if (isCommonPassword(registration.password)) throw passwordTooCommon();
    this.hasher.refuseNewHashIfSaturated();
    const email = normaliseEmail(registration.email);
    // Checked before hashing, so a taken name costs no argon2 run; the unique indexes settle races.
    const taken = await this.users.findTakenField(registration.username, email);
    if (taken === 'username') throw usernameTaken();
    if (taken === 'email') throw emailTaken();
    // Issue 26: under 13 is refused before anything is stored; 13–17 names a guardian who gets a link.
    const now = new Date();
    const age = stateAtRegistration(registration.dateOfBirth, now);
    if (!age.ok) throw refusalError(age.refusal);
    const guardian =
      age.next === 'awaiting_consent'
        ? this.consents.guardianRequest(
            { ...registration, email, firstName: registration.firstName ?? null },
            registration,
            now,
          )
        : null;
    // Registration makes students only; their name goes to the read models of tutoring and payroll,
    // their standing for payments to catalog-payments.
    const user = await this.users.createWithEvents(
      {
        username: registration.username,
        email,
        passwordHash: await this.hasher.hash(registration.password),
        firstName: registration.firstName ?? null,
        lastName: registration.lastName ?? null,
        phone: registration.phone ?? null,
        // Announced below, in the same transaction.
        nameAnnouncedVersion: STUDENT_NAME_VERSION,
        dateOfBirth: registration.dateOfBirth ? dateOfBirthValue(registration.dateOfBirth) : null,
        consentState: age.next,
        consentVersion: 1,
      },
      (created) => [
        newEvent(EventTypes.userRegistered, 1, toUserRegisteredV1(created), correlationId),
        newEvent(EventTypes.studentNameChanged, 1, toStudentNameChangedV1(created), correlationId),
        consentChangedEvent(created.id, created.consentState, created.consentVersion, correlationId),
      ],
      guardian ? (tx, created) => this.consentRecords.requestInTx(tx, created.id, guardian, now) : undefined,
    );
    if (guardian) this.consents.wakeRelays();
    else this.outboxRelay.nudge();
    return toUserDto(user);
  }

  /** An unknown email costs one argon2 verification too, so both failures look and take the same. */
  async verifyCredentials(credentials: Credentials): Promise<VerifyCredentialsReply> {
    const user = await this.users.findByEmail(normaliseEmail(credentials.email));
    const valid = user
      ? await this.hasher.verify(user.passwordHash, credentials.password)
      : await this.hasher.verifyWithoutUser(credentials.password);
    if (!user || !valid) throw invalidCredentials();
    if (user.role === 'tutor' && (await this.directory.isLoginDeactivated(user.id))) throw tutorDeactivated();
    return {
      ...toUserDto(user),
      totpEnabled: user.totpSecret !== null,
      totpEnrolmentRequired: user.totpEnrolmentRequired,
    };
  }

  /**
   * The gateway ends any session that signed in at or before this instant, and every session of a
   * tutor whose directory entry is deactivated.
   */
  async sessionValidity(userId: number): Promise<SessionValidityReply> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound();
    const deactivated = user.role === 'tutor' && (await this.directory.isLoginDeactivated(user.id));
    return { sessionsValidAfter: user.sessionsValidAfter?.toISOString() ?? null, deactivated };
  }

  /** A user may read their own account; an admin may read any. */
  async getUser(request: GetUser, actor: Actor | null): Promise<UserDto> {
    const signedIn = requireActor(actor);
    if (signedIn.userId !== request.userId && signedIn.role !== 'admin') throw forbidden();
    const user = await this.users.findById(request.userId);
    if (!user) throw notFound();
    return toUserDto(user);
  }
}
