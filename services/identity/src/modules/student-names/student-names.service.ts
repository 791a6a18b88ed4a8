import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventTypes } from '@medtutor/contracts';
import { newEvent, OutboxRelay } from '@medtutor/nest-kit';
import { STUDENT_NAME_VERSION, toStudentNameChangedV1 } from './student-name.mapping.js';
import { StudentNamesRepository } from './student-names.repository.js';

/**
 * Registration announces a new student's name in its transaction; at start, identity announces the
 * students whose name was never announced (those who registered before the read models of tutoring
 * and payroll existed), each once. A consumer that has the version already skips a repeat.
 */
@Injectable()
export class StudentNamesService implements OnApplicationBootstrap {
  constructor(
    private readonly students: StudentNamesRepository,
    private readonly relay: OutboxRelay,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const announced = await this.students.announceUnannounced(STUDENT_NAME_VERSION, (student) =>
      newEvent(EventTypes.studentNameChanged, 1, toStudentNameChangedV1(student), null),
    );
    if (announced > 0) this.relay.nudge();
  }
}
