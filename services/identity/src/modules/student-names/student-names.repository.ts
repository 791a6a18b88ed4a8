import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@medtutor/contracts';
import { writeOutbox } from '@medtutor/nest-kit';
import type { User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

type NamedUser = Pick<User, 'id' | 'username' | 'firstName' | 'lastName'>;

@Injectable()
export class StudentNamesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One event for each student whose name was not yet announced at `version` (those who registered
   * before the read models existed), claimed and written in one transaction: replicas starting
   * together announce each student once, and a later start announces nobody again.
   */
  async announceUnannounced(version: number, eventFor: (user: NamedUser) => EventEnvelope): Promise<number> {
    return this.prisma.$transaction(async (tx) => {
      const students = await tx.$queryRaw<
        Array<{ id: number; username: string; first_name: string | null; last_name: string | null }>
      >`
        UPDATE users SET name_announced_version = ${version}
        WHERE role = 'student' AND name_announced_version < ${version}
        RETURNING id, username, first_name, last_name`;
      students.sort((a, b) => a.id - b.id);
      for (const student of students) {
        await writeOutbox(
          tx,
          eventFor({
            id: student.id,
            username: student.username,
            firstName: student.first_name,
            lastName: student.last_name,
          }),
        );
      }
      return students.length;
    });
  }
}
