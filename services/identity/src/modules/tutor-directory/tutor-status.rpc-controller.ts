import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type RecordTutorChangeReply, Subjects, TutorChangedV1Schema } from '@medtutor/contracts';
import { parseRequest, requireRole } from '@medtutor/nest-kit';
import { TutorDirectoryRepository } from './tutor-directory.repository.js';

/**
 * An admin's deactivation or reactivation, handed over by the gateway in the admin's own request
 * (issue 24): applied exactly as the tutor_changed event that follows it will be (highest version
 * wins, so the event, early or late, changes nothing more), so the dismissed tutor's sign-in is
 * refused before the admin's request returns. The event still carries it if this call is lost.
 */
@Controller()
export class TutorStatusRpcController {
  constructor(private readonly directory: TutorDirectoryRepository) {}

  @MessagePattern(Subjects.identity.recordTutorChange)
  async record(@Payload() payload: unknown): Promise<RecordTutorChangeReply> {
    const { meta, data } = parseRequest(TutorChangedV1Schema, payload);
    requireRole(meta.actor, 'admin');
    return { userId: await this.directory.apply(data) };
  }
}
