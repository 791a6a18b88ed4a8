import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AvailabilityQuerySchema,
  type AvailabilityDto,
  BookingIdRequestSchema,
  type BookingDto,
  CreateBookingRequestSchema,
  FreeTrialBookingBodySchema,
  ListBookingsQuerySchema,
  RescheduleBookingRequestSchema,
  SetAvailabilityRequestSchema,
  type SlotsDto,
  SlotsQuerySchema,
  Subjects,
} from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { BookingsService } from './bookings.service.js';

@Controller()
export class BookingsRpcController {
  constructor(private readonly bookings: BookingsService) {}

  @MessagePattern(Subjects.tutoring.getAvailability)
  getAvailability(@Payload() payload: unknown): Promise<AvailabilityDto> {
    const { meta, data } = parseRequest(AvailabilityQuerySchema, payload);
    return this.bookings.getAvailability(meta.actor, data.tutorId);
  }

  @MessagePattern(Subjects.tutoring.setAvailability)
  setAvailability(@Payload() payload: unknown): Promise<AvailabilityDto> {
    const { meta, data } = parseRequest(SetAvailabilityRequestSchema, payload);
    const { tutorId, ...availability } = data;
    return this.bookings.setAvailability(meta.actor, tutorId, availability);
  }

  @MessagePattern(Subjects.tutoring.listSlots)
  listSlots(@Payload() payload: unknown): Promise<SlotsDto> {
    const { meta, data } = parseRequest(SlotsQuerySchema, payload);
    return this.bookings.listSlots(meta.actor, data);
  }

  @MessagePattern(Subjects.tutoring.createBooking)
  create(@Payload() payload: unknown): Promise<BookingDto> {
    const { meta, data } = parseRequest(CreateBookingRequestSchema, payload);
    return this.bookings.create(meta.actor, data);
  }

  @MessagePattern(Subjects.tutoring.bookFreeTrial)
  bookFreeTrial(@Payload() payload: unknown): Promise<BookingDto> {
    const { meta, data } = parseRequest(FreeTrialBookingBodySchema, payload);
    return this.bookings.bookFreeTrial(meta.actor, data);
  }

  @MessagePattern(Subjects.tutoring.listBookings)
  list(@Payload() payload: unknown): Promise<BookingDto[]> {
    const { meta, data } = parseRequest(ListBookingsQuerySchema, payload);
    return this.bookings.list(meta.actor, data);
  }

  @MessagePattern(Subjects.tutoring.cancelBooking)
  cancel(@Payload() payload: unknown): Promise<BookingDto> {
    const { meta, data } = parseRequest(BookingIdRequestSchema, payload);
    return this.bookings.cancel(meta.actor, data.bookingId, meta.correlationId);
  }

  @MessagePattern(Subjects.tutoring.rescheduleBooking)
  reschedule(@Payload() payload: unknown): Promise<BookingDto> {
    const { meta, data } = parseRequest(RescheduleBookingRequestSchema, payload);
    return this.bookings.reschedule(meta.actor, data.bookingId, data.start);
  }

  @MessagePattern(Subjects.tutoring.markBookingNoShow)
  markNoShow(@Payload() payload: unknown): Promise<BookingDto> {
    const { meta, data } = parseRequest(BookingIdRequestSchema, payload);
    return this.bookings.markNoShow(meta.actor, data.bookingId, meta.correlationId);
  }
}
