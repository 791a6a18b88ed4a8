import { Module } from '@nestjs/common';
import { TutorInvitationsRepository } from './tutor-invitations.repository.js';
import { TutorInvitationsRpcController } from './tutor-invitations.rpc-controller.js';
import { TutorInvitationsService } from './tutor-invitations.service.js';

@Module({
  controllers: [TutorInvitationsRpcController],
  providers: [TutorInvitationsService, TutorInvitationsRepository],
})
export class TutorInvitationsModule {}
