import { Module } from '@nestjs/common';
import { RateLimitsModule } from '../../rate-limits/rate-limits.module.js';
import { AdminUsersController } from './admin-users.controller.js';
import { BookingsController } from './bookings.controller.js';
import { CalendarFeedsController } from './calendar-feeds.controller.js';
import { ConsultationsController } from './consultations.controller.js';
import { PackagesController } from './packages.controller.js';
import { TutorsController } from './tutors.controller.js';

@Module({
  imports: [RateLimitsModule],
  controllers: [
    PackagesController,
    AdminUsersController,
    ConsultationsController,
    TutorsController,
    BookingsController,
    CalendarFeedsController,
  ],
})
export class TutoringRoutesModule {}
