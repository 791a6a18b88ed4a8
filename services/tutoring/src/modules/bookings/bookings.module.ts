import { Module } from '@nestjs/common';
import { CalendarModule } from '../calendar/calendar.module.js';
import { BookingsRepository } from './bookings.repository.js';
import { BookingsRpcController } from './bookings.rpc-controller.js';
import { BookingsService } from './bookings.service.js';

@Module({
  imports: [CalendarModule],
  controllers: [BookingsRpcController],
  providers: [BookingsRepository, BookingsService],
  exports: [BookingsRepository],
})
export class BookingsModule {}
