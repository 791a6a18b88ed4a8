import { Module } from '@nestjs/common';
import { BookingNotices } from './booking-notices.js';

/** The booking emails' and feeds' builders, shared by bookings, reminders and calendar feeds. */
@Module({ providers: [BookingNotices], exports: [BookingNotices] })
export class CalendarModule {}
