import { Module } from '@nestjs/common';
import { TutorsRpcController } from './tutors.rpc-controller.js';
import { TutorsService } from './tutors.service.js';

@Module({ controllers: [TutorsRpcController], providers: [TutorsService], exports: [TutorsService] })
export class TutorsModule {}
