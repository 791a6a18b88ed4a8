import { Module } from '@nestjs/common';
import { TutorsModule } from '../tutors/tutors.module.js';
import { TutorInvitedConsumer } from './tutor-invited.consumer.js';

@Module({ imports: [TutorsModule], providers: [TutorInvitedConsumer] })
export class TutorAccountsModule {}
