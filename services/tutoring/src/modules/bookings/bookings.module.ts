import { Module } from '@nestjs/common';
import { BookingsRepository } from './bookings.repository.js';
import { BookingsRpcController } from './bookings.rpc-controller.js';
import { BookingsService } from './bookings.service.js';

@Module({
  controllers: [BookingsRpcController],
  providers: [BookingsRepository, BookingsService],
  exports: [BookingsRepository],
})
export class BookingsModule {}
