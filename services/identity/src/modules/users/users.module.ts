import { Module } from '@nestjs/common';
import { GuardianConsentModule } from '../guardian-consent/guardian-consent.module.js';
import { TutorDirectoryModule } from '../tutor-directory/tutor-directory.module.js';
import { ListUsersRpcController, ListUsersService } from './list-users.rpc-controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersRpcController } from './users.rpc-controller.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TutorDirectoryModule, GuardianConsentModule],
  controllers: [UsersRpcController, ListUsersRpcController],
  providers: [UsersService, UsersRepository, ListUsersService],
  exports: [UsersRepository],
})
export class UsersModule {}
