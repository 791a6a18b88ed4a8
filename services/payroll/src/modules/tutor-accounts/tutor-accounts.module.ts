import { Module } from '@nestjs/common';
import { TutorAccountsRepository } from './tutor-accounts.repository.js';
import { TutorChangedConsumer } from './tutor-changed.consumer.js';
import { TutorInvitedConsumer } from './tutor-invited.consumer.js';

@Module({
  providers: [TutorAccountsRepository, TutorInvitedConsumer, TutorChangedConsumer],
  exports: [TutorAccountsRepository],
})
export class TutorAccountsModule {}
