import { Module } from '@nestjs/common';
import { CalendarModule } from '../calendar/calendar.module.js';
import { CalendarFeedsRepository } from './calendar-feeds.repository.js';
import { CalendarFeedsRpcController } from './calendar-feeds.rpc-controller.js';
import { CalendarFeedsService } from './calendar-feeds.service.js';

/** Private calendar feeds of bookings (issue 25). */
@Module({
  imports: [CalendarModule],
  controllers: [CalendarFeedsRpcController],
  providers: [CalendarFeedsRepository, CalendarFeedsService],
})
export class CalendarFeedsModule {}
