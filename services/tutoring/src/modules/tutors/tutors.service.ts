import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  type Actor,
  type ConsultationSubject,
  type CreateTutorBodySchema,
  type PublicTutorDto,
  type TutorDto,
  type UpdateTutorBodySchema,
} from '@medtutor/contracts';
import type { z } from 'zod';
import { TUTORING_CONFIG, type TutoringConfig } from '../../config/tutoring.config.js';
import type { Prisma, Tutor } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { forbidden, tutorNotFound, unauthenticated } from '../shared/tutoring.errors.js';

const requireAdmin = (actor: Actor | null): void => {
  if (!actor) throw unauthenticated();
  if (actor.role !== 'admin') throw forbidden();
};

export function toTutorDto(row: Tutor): TutorDto {
  return {
    id: row.id,
    name: row.name,
    specialty: row.specialty,
    qualifications: row.qualifications,
    photoUrl: row.photoUrl,
    calendarLink: row.calendarLink,
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

export type LinkOutcome = 'linked' | 'tutor not found' | 'has another login';

@Injectable()
export class TutorsService implements OnApplicationBootstrap {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(TUTORING_CONFIG) private readonly config: TutoringConfig,
  ) {}

  /**
   * The built-in tutors, inserted when absent (found again by seedKey). Safe on every start and from
   * several replicas; once a tutor exists the admin owns its details, so a restart never undoes an edit.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.tutorSeeds.length) return;
    await this.prisma.tutor.createMany({ data: this.config.tutorSeeds, skipDuplicates: true });
  }

  async list(actor: Actor | null): Promise<TutorDto[]> {
    requireAdmin(actor);
    const rows = await this.prisma.tutor.findMany({ orderBy: [{ active: 'desc' }, { id: 'asc' }] });
    return rows.map(toTutorDto);
  }

  /** The home page's cards: anyone may read them. */
  async listPublic(): Promise<PublicTutorDto[]> {
    const rows = await this.prisma.tutor.findMany({ where: { active: true }, orderBy: { id: 'asc' } });
    return rows.map(toPublicTutorDto);
  }

  async create(body: z.output<typeof CreateTutorBodySchema>, actor: Actor | null): Promise<TutorDto> {
    requireAdmin(actor);
    return toTutorDto(await this.prisma.tutor.create({ data: body }));
  }

  update(tutorId: number, body: z.output<typeof UpdateTutorBodySchema>, actor: Actor | null): Promise<TutorDto> {
    requireAdmin(actor);
    return this.patch(tutorId, body);
  }

  /** Deactivated, not deleted: packages and ledger entries keep pointing at the tutor. */
  deactivate(tutorId: number, actor: Actor | null): Promise<TutorDto> {
    requireAdmin(actor);
    return this.patch(tutorId, { active: false });
  }

  /**
   * Ties a directory entry to the tutor login identity created for it (tutor_invited). The first
   * login stays: an entry that already has one, or a missing entry, is left as it is. Runs on the
   * consumer's transaction, so it commits with the inbox row.
   */
  async linkAccount(tx: Prisma.TransactionClient, tutorId: number, userId: number): Promise<LinkOutcome> {
    const linked = await tx.tutor.updateMany({ where: { id: tutorId, userId: null }, data: { userId } });
    if (linked.count === 1) return 'linked';
    const tutor = await tx.tutor.findUnique({ where: { id: tutorId }, select: { userId: true } });
    if (!tutor) return 'tutor not found';
    return tutor.userId === userId ? 'linked' : 'has another login';
  }

  private async patch(tutorId: number, data: Prisma.TutorUpdateManyMutationInput): Promise<TutorDto> {
    const updated = await this.prisma.tutor.updateManyAndReturn({ where: { id: tutorId }, data });
    if (!updated[0]) throw tutorNotFound();
    return toTutorDto(updated[0]);
  }
}
