import { Module } from '@nestjs/common';
import { TutorAccountsModule } from '../tutor-accounts/tutor-accounts.module.js';
import { HoursUsedConsumer } from './hours-used.consumer.js';
import { LoggedHoursRepository } from './logged-hours.repository.js';

@Module({
  imports: [TutorAccountsModule],
  providers: [LoggedHoursRepository, HoursUsedConsumer],
  exports: [LoggedHoursRepository],
})
export class LoggedHoursModule {}
