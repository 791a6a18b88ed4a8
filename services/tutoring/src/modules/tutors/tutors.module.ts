import { Module } from '@nestjs/common';
import { TutorsRepository } from './tutors.repository.js';
import { TutorsRpcController } from './tutors.rpc-controller.js';
import { TutorsService } from './tutors.service.js';

@Module({
  controllers: [TutorsRpcController],
  providers: [TutorsService, TutorsRepository],
  exports: [TutorsService],
})
export class TutorsModule {}
