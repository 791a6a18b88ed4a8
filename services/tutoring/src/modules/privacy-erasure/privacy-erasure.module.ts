import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module.js';
import { CalendarModule } from '../calendar/calendar.module.js';
import { PrivacyErasureRepository } from './privacy-erasure.repository.js';
import { UserErasedConsumer } from './user-erased.consumer.js';

/** Issue 26: tutoring's part of an erasure. */
@Module({
  imports: [BookingsModule, CalendarModule],
  providers: [PrivacyErasureRepository, UserErasedConsumer],
})
export class PrivacyErasureModule {}
