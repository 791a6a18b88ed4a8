import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@medtutor/contracts';
import { writeOutbox } from '@medtutor/nest-kit';
import type { User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

type NamedUser = Pick<User, 'id' | 'username' | 'firstName' | 'lastName'>;

@Injectable()
export class StudentNamesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** One event per student, in one transaction: the read models learn every student who registered before they listened. */
  async announceAll(eventFor: (user: NamedUser) => EventEnvelope): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const students = await tx.user.findMany({
        where: { role: 'student' },
        select: { id: true, username: true, firstName: true, lastName: true },
        orderBy: { id: 'asc' },
      });
      for (const student of students) await writeOutbox(tx, eventFor(student));
    });
  }
}
