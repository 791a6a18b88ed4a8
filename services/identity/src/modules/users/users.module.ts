import { Module } from '@nestjs/common';
import { UsersRepository } from './users.repository.js';
import { UsersRpcController } from './users.rpc-controller.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [UsersRpcController],
  providers: [UsersService, UsersRepository],
  exports: [UsersRepository],
})
export class UsersModule {}
