import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InviteTutorBodySchema, type InviteTutorReply, Subjects } from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { TutorInvitationsService } from './tutor-invitations.service.js';

@Controller()
export class TutorInvitationsRpcController {
  constructor(private readonly invitations: TutorInvitationsService) {}

  @MessagePattern(Subjects.identity.inviteTutor)
  invite(@Payload() payload: unknown): Promise<InviteTutorReply> {
    const { meta, data } = parseRequest(InviteTutorBodySchema, payload);
    return this.invitations.invite(data, meta.actor, meta.correlationId);
  }
}
