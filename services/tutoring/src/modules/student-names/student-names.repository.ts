import { Injectable } from '@nestjs/common';
import { studentNamesOf } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';

/** identity's students' names as far as tutoring has heard (its own read model, never identity's database). */
@Injectable()
export class StudentNamesRepository {
  constructor(private readonly prisma: PrismaService) {}

  namesOf(userIds: readonly number[]): Promise<Map<number, string>> {
    return studentNamesOf(this.prisma, userIds);
  }
}
