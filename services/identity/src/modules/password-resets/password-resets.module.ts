import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { PasswordResetsRepository } from './password-resets.repository.js';
import { PasswordResetsRpcController } from './password-resets.rpc-controller.js';
import { PasswordResetsService } from './password-resets.service.js';

@Module({
  imports: [UsersModule],
  controllers: [PasswordResetsRpcController],
  providers: [PasswordResetsService, PasswordResetsRepository],
})
export class PasswordResetsModule {}
