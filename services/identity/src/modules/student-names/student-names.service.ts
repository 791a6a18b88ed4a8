import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventTypes } from '@medtutor/contracts';
import { newEvent, OutboxRelay } from '@medtutor/nest-kit';
import { toStudentNameChangedV1 } from './student-name.mapping.js';
import { StudentNamesRepository } from './student-names.repository.js';

/**
 * Every student's name is announced when identity starts (as tutoring announces its tutor directory),
 * so the read models of tutoring and payroll learn the students who registered before they
 * listened; a consumer that has the version already skips it. Registration announces the new ones.
 */
@Injectable()
export class StudentNamesService implements OnApplicationBootstrap {
  constructor(
    private readonly students: StudentNamesRepository,
    private readonly relay: OutboxRelay,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.students.announceAll((student) =>
      newEvent(EventTypes.studentNameChanged, 1, toStudentNameChangedV1(student), null),
    );
    this.relay.nudge();
  }
}
