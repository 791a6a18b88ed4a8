import { Module } from '@nestjs/common';
import { CalendarModule } from '../calendar/calendar.module.js';
import { BookingRemindersJob } from './booking-reminders.job.js';
import { BookingRemindersRepository } from './booking-reminders.repository.js';

/** The 24-hour and 1-hour booking reminders (issue 25). */
@Module({ imports: [CalendarModule], providers: [BookingRemindersRepository, BookingRemindersJob] })
export class RemindersModule {}
