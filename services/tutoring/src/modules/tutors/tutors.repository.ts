import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@medtutor/contracts';
import { writeOutbox } from '@medtutor/nest-kit';
import type { TutorSeed } from '../../config/tutoring.config.js';
import type { Prisma, Tutor } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

type Tx = Prisma.TransactionClient;

/** Every write of an entry raises its version, so consumers can tell its latest state from a late event. */
const nextVersion = { version: { increment: 1 } } as const;

@Injectable()
export class TutorsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Seeds that exist (same seedKey) are skipped. */
  async insertSeeds(seeds: readonly TutorSeed[]): Promise<void> {
    await this.prisma.tutor.createMany({ data: [...seeds], skipDuplicates: true });
  }

  /** Every entry, with an event per entry written in the same transaction. */
  async announceAll(eventFor: (row: Tutor) => EventEnvelope): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      for (const row of await tx.tutor.findMany({ orderBy: { id: 'asc' } })) await writeOutbox(tx, eventFor(row));
    });
  }

  listAll(): Promise<Tutor[]> {
    return this.prisma.tutor.findMany({ orderBy: [{ active: 'desc' }, { id: 'asc' }] });
  }

  listActive(): Promise<Tutor[]> {
    return this.prisma.tutor.findMany({ where: { active: true }, orderBy: { id: 'asc' } });
  }

  create(data: Prisma.TutorCreateInput, eventFor: (row: Tutor) => EventEnvelope): Promise<Tutor> {
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.tutor.create({ data });
      await writeOutbox(tx, eventFor(row));
      return row;
    });
  }

  /** Null when the entry does not exist; the event commits with the change. */
  update(
    tutorId: number,
    data: Prisma.TutorUpdateManyMutationInput,
    eventFor: (row: Tutor) => EventEnvelope,
  ): Promise<Tutor | null> {
    return this.prisma.$transaction(async (tx) => {
      const [row] = await tx.tutor.updateManyAndReturn({ where: { id: tutorId }, data: { ...data, ...nextVersion } });
      if (!row) return null;
      await writeOutbox(tx, eventFor(row));
      return row;
    });
  }

  /** Links the login only while the entry has none; null when nothing changed. */
  async linkLogin(tx: Tx, tutorId: number, userId: number, email: string): Promise<Tutor | null> {
    const [linked] = await tx.tutor.updateManyAndReturn({
      where: { id: tutorId, userId: null },
      data: { userId, loginEmail: email, ...nextVersion },
    });
    return linked ?? null;
  }

  /** The linked login's address, where booking emails go (the version is the directory entry's: unchanged). */
  async setLoginEmail(tx: Tx, tutorId: number, userId: number, email: string): Promise<void> {
    await tx.tutor.updateMany({ where: { id: tutorId, userId }, data: { loginEmail: email } });
  }

  loginOf(tx: Tx, tutorId: number): Promise<{ userId: number | null } | null> {
    return tx.tutor.findUnique({ where: { id: tutorId }, select: { userId: true } });
  }
}
