import { Module } from '@nestjs/common';
import { TutorDirectoryModule } from '../tutor-directory/tutor-directory.module.js';
import { TutorInvitationsRepository } from './tutor-invitations.repository.js';
import { TutorInvitationsRpcController } from './tutor-invitations.rpc-controller.js';
import { TutorInvitationsService } from './tutor-invitations.service.js';

@Module({
  imports: [TutorDirectoryModule],
  controllers: [TutorInvitationsRpcController],
  providers: [TutorInvitationsService, TutorInvitationsRepository],
})
export class TutorInvitationsModule {}
