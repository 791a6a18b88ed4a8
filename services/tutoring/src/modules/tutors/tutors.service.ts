import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  type Actor,
  type ConsultationSubject,
  type CreateTutorBodySchema,
  EventTypes,
  type PublicTutorDto,
  type TutorChangedV1,
  type TutorDto,
  type TutorStatusChangeReply,
  type UpdateTutorBodySchema,
} from '@medtutor/contracts';
import { newEvent, OutboxRelay, requireRole, writeOutbox } from '@medtutor/nest-kit';
import type { z } from 'zod';
import { TUTORING_CONFIG, type TutoringConfig } from '../../config/tutoring.config.js';
import type { Prisma, Tutor } from '../../generated/prisma/client.js';
import { tutorNotFound } from '../shared/tutoring.errors.js';
import { TutorsRepository } from './tutors.repository.js';

export function toTutorDto(row: Tutor): TutorDto {
  return {
    id: row.id,
    name: row.name,
    specialty: row.specialty,
    qualifications: row.qualifications,
    photoUrl: row.photoUrl,
    calendarLink: row.calendarLink,
    meetingLink: row.meetingLink,
    subjects: row.subjects as ConsultationSubject[],
    active: row.active,
    userId: row.userId,
  };
}

const toPublicTutorDto = (row: Tutor): PublicTutorDto => ({
  id: row.id,
  name: row.name,
  specialty: row.specialty,
  qualifications: row.qualifications,
  photoUrl: row.photoUrl,
  subjects: row.subjects as ConsultationSubject[],
});

const changeOf = (row: Tutor): TutorChangedV1 => ({
  tutorId: row.id,
  active: row.active,
  userId: row.userId,
  version: row.version,
});

/**
 * The entry's state for other services: identity invites only entries these events told it of, and
 * refuses the sign-in of a deactivated one; payroll refuses its timesheets.
 */
const tutorChanged = (row: Tutor, correlationId: string | null) =>
  newEvent(EventTypes.tutorChanged, 1, changeOf(row), correlationId);

export type LinkOutcome = 'linked' | 'tutor not found' | 'has another login';

@Injectable()
export class TutorsService implements OnApplicationBootstrap {
  constructor(
    private readonly tutors: TutorsRepository,
    private readonly relay: OutboxRelay,
    @Inject(TUTORING_CONFIG) private readonly config: TutoringConfig,
  ) {}

  /**
   * The built-in tutors, inserted when absent (found again by seedKey). Safe on every start and from
   * several replicas; once a tutor exists the admin owns its details, so a restart never undoes an edit.
   * Then every entry is announced as it is: the seeded ones, and those made before a consumer
   * listened (identity learnt the directory this way); a consumer that has the version skips it.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.tutorSeeds.length) await this.tutors.insertSeeds(this.config.tutorSeeds);
    await this.tutors.announceAll((row) => tutorChanged(row, null));
    this.relay.nudge();
  }

  async list(actor: Actor | null): Promise<TutorDto[]> {
    requireRole(actor, 'admin');
    return (await this.tutors.listAll()).map(toTutorDto);
  }

  /** The home page's cards: anyone may read them. */
  async listPublic(): Promise<PublicTutorDto[]> {
    return (await this.tutors.listActive()).map(toPublicTutorDto);
  }

  async create(
    body: z.output<typeof CreateTutorBodySchema>,
    actor: Actor | null,
    correlationId: string | null,
  ): Promise<TutorDto> {
    requireRole(actor, 'admin');
    const created = await this.tutors.create(body, (row) => tutorChanged(row, correlationId));
    this.relay.nudge();
    return toTutorDto(created);
  }

  update(
    tutorId: number,
    body: z.output<typeof UpdateTutorBodySchema>,
    actor: Actor | null,
    correlationId: string | null,
  ): Promise<TutorDto> {
    requireRole(actor, 'admin');
    return this.patch(tutorId, body, correlationId);
  }

  /**
   * Deactivated, not deleted: packages, ledger entries and timesheets keep pointing at the tutor.
   * The reply states the change as its event does, for the gateway to hand identity at once.
   */
  deactivate(tutorId: number, actor: Actor | null, correlationId: string | null): Promise<TutorStatusChangeReply> {
    return this.setActive(tutorId, false, actor, correlationId);
  }

  /** Back on the site and the choices; identity lets the login sign in again (new sessions only). */
  reactivate(tutorId: number, actor: Actor | null, correlationId: string | null): Promise<TutorStatusChangeReply> {
    return this.setActive(tutorId, true, actor, correlationId);
  }

  /**
   * Ties a directory entry to the tutor login identity created for it (tutor_invited). The first
   * login stays: an entry that already has one, or a missing entry, is left as it is. Runs on the
   * consumer's transaction, so it commits with the inbox row and the announcement of the link.
   */
  async linkAccount(
    tx: Prisma.TransactionClient,
    tutorId: number,
    userId: number,
    email: string,
  ): Promise<LinkOutcome> {
    const linked = await this.tutors.linkLogin(tx, tutorId, userId, email);
    if (linked) {
      await writeOutbox(tx, tutorChanged(linked, null));
      return 'linked';
    }
    const tutor = await this.tutors.loginOf(tx, tutorId);
    if (!tutor) return 'tutor not found';
    if (tutor.userId !== userId) return 'has another login';
    // Linked before tutoring kept the address (a replayed invitation): take it now.
    await this.tutors.setLoginEmail(tx, tutorId, userId, email);
    return 'linked';
  }

  private async setActive(
    tutorId: number,
    active: boolean,
    actor: Actor | null,
    correlationId: string | null,
  ): Promise<TutorStatusChangeReply> {
    requireRole(actor, 'admin');
    const updated = await this.tutors.update(tutorId, { active }, (row) => tutorChanged(row, correlationId));
    if (!updated) throw tutorNotFound();
    this.relay.nudge();
    return { tutor: toTutorDto(updated), change: changeOf(updated) };
  }

  private async patch(
    tutorId: number,
    data: Prisma.TutorUpdateManyMutationInput,
    correlationId: string | null,
  ): Promise<TutorDto> {
    const updated = await this.tutors.update(tutorId, data, (row) => tutorChanged(row, correlationId));
    if (!updated) throw tutorNotFound();
    this.relay.nudge();
    return toTutorDto(updated);
  }
}
