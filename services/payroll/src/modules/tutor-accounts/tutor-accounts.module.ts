import { Module } from '@nestjs/common';
import { TutorAccountsRepository } from './tutor-accounts.repository.js';
import { TutorInvitedConsumer } from './tutor-invited.consumer.js';

@Module({ providers: [TutorAccountsRepository, TutorInvitedConsumer], exports: [TutorAccountsRepository] })
export class TutorAccountsModule {}
