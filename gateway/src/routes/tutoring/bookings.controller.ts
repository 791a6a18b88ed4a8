import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  type AvailabilityDto,
  AvailabilityBodySchema,
  AvailabilityDtoSchema,
  AvailabilityQuerySchema,
  type BookingDto,
  BookingDtoSchema,
  BookingIdRequestSchema,
  BookingListSchema,
  CreateBookingBodySchema,
  FreeTrialBookingBodySchema,
  type FreeTrialRequestDto,
  FreeTrialRequestListSchema,
  ListBookingsQuerySchema,
  RescheduleBookingBodySchema,
  type SlotsDto,
  SlotsDtoSchema,
  SlotsQuerySchema,
  Subjects,
  UserDtoSchema,
} from '@medtutor/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { actorOf } from '../../auth/actor.js';
import { AdminOnly, Authenticated, StudentOnly, TutorOrAdmin } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrors } from '../../filters/api-error.js';
import { ApiErrorReplies, ApiErrorReply, ApiQueryOf } from '../../http/openapi.js';
import { parseBody, ZodBodyPipe } from '../../http/zod-body.pipe.js';
import { openApi } from './openapi-schema.js';

const BookingIdParam = () => ApiParam({ name: 'id', type: 'string', format: 'uuid', description: 'The booking' });
const BookingReply = (description: string) => ApiOkResponse({ description, schema: openApi(BookingDtoSchema) });

/** A malformed id names no booking: the same 404 as someone else's. */
const bookingIdOf = (id: string) => {
  const parsed = BookingIdRequestSchema.safeParse({ bookingId: id });
  if (!parsed.success) throw ApiErrors.notFound();
  return parsed.data;
};

/**
 * Availability, slots and bookings (issue 25). The gateway checks the role; tutoring decides whose
 * package, booking or availability it is (someone else's answers as missing) and applies the rules.
 */
@ApiTags('bookings')
@Controller('api')
export class BookingsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('tutor/availability')
  @TutorOrAdmin()
  @ApiOperation({
    summary: "The tutor's weekly hours and date exceptions (Europe/London); admins name a tutor with ?tutorId=",
  })
  @ApiQueryOf(AvailabilityQuerySchema)
  @ApiOkResponse({ description: 'The availability', schema: openApi(AvailabilityDtoSchema) })
  @ApiErrorReplies(400, 404, 503)
  getAvailability(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<AvailabilityDto> {
    const data = parseBody(AvailabilityQuerySchema, { tutorId: query.tutorId });
    return this.services.send(Subjects.tutoring.getAvailability, data, req, AvailabilityDtoSchema);
  }

  @Put('tutor/availability')
  @TutorOrAdmin()
  @ApiOperation({ summary: "Replace the tutor's availability; admins name a tutor with ?tutorId=" })
  @ApiQueryOf(AvailabilityQuerySchema)
  @ApiBody({ schema: openApi(AvailabilityBodySchema, 'input') })
  @ApiOkResponse({ description: 'The availability as saved', schema: openApi(AvailabilityDtoSchema) })
  @ApiErrorReplies(400, 404, 503)
  setAvailability(
    @Query() query: Record<string, unknown>,
    @Body(new ZodBodyPipe(AvailabilityBodySchema)) body: z.output<typeof AvailabilityBodySchema>,
    @Req() req: Request,
  ): Promise<AvailabilityDto> {
    const { tutorId } = parseBody(AvailabilityQuerySchema, { tutorId: query.tutorId });
    return this.services.send(Subjects.tutoring.setAvailability, { tutorId, ...body }, req, AvailabilityDtoSchema);
  }

  @Get('bookings/slots')
  @StudentOnly()
  @ApiOperation({
    summary:
      "Free start times of the package's tutors: availability minus bookings, from the notice (24 h, 12 h with flexible scheduling) to the horizon (2 weeks, 4 with priority booking), 48 h after payment",
  })
  @ApiQueryOf(SlotsQuerySchema)
  @ApiOkResponse({ description: 'The slots', schema: openApi(SlotsDtoSchema) })
  @ApiErrorReplies(400, 404, 503)
  slots(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<SlotsDto> {
    const data = parseBody(SlotsQuerySchema, {
      sessionId: query.sessionId,
      durationHours: query.durationHours,
      from: query.from,
      to: query.to,
    });
    return this.services.send(Subjects.tutoring.listSlots, data, req, SlotsDtoSchema);
  }

  @Post('bookings')
  @HttpCode(201)
  @StudentOnly()
  @ApiOperation({
    summary: 'Book a free slot from one of your packages: the hours are reserved and the booking confirmed',
  })
  @ApiBody({ schema: openApi(CreateBookingBodySchema, 'input') })
  @ApiCreatedResponse({ description: 'The booking', schema: openApi(BookingDtoSchema) })
  @ApiErrorReply(
    409,
    "The slot was just taken (TUTORING.SLOT_TAKEN) or 'Insufficient hours' (TUTORING.INSUFFICIENT_HOURS)",
  )
  @ApiErrorReply(422, 'The time is not offered (notice, horizon, payment lead, availability)')
  @ApiErrorReplies(400, 404, 503)
  async create(
    @Body(new ZodBodyPipe(CreateBookingBodySchema)) body: z.output<typeof CreateBookingBodySchema>,
    @Req() req: Request,
  ): Promise<BookingDto> {
    const student = await this.studentOf(req);
    return this.services.send(Subjects.tutoring.createBooking, { ...body, ...student }, req, BookingDtoSchema);
  }

  @Post('admin/bookings/free-trial')
  @HttpCode(201)
  @AdminOnly()
  @ApiOperation({ summary: "Book a trial request's free trial (15–30 minutes) with a tutor at the agreed time" })
  @ApiBody({ schema: openApi(FreeTrialBookingBodySchema, 'input') })
  @ApiCreatedResponse({ description: 'The booking', schema: openApi(BookingDtoSchema) })
  @ApiErrorReply(409, 'The tutor is booked at that time (TUTORING.SLOT_TAKEN)')
  @ApiErrorReplies(400, 404, 503)
  bookFreeTrial(
    @Body(new ZodBodyPipe(FreeTrialBookingBodySchema)) body: z.output<typeof FreeTrialBookingBodySchema>,
    @Req() req: Request,
  ): Promise<BookingDto> {
    return this.services.send(Subjects.tutoring.bookFreeTrial, body, req, BookingDtoSchema);
  }

  @Get('admin/free-trial-requests')
  @AdminOnly()
  @ApiOperation({
    summary: 'The newest free-trial requests (the /contact form), each with the free trial booked for it if any',
  })
  @ApiOkResponse({ description: 'The requests, newest first', schema: openApi(FreeTrialRequestListSchema) })
  @ApiErrorReplies(503)
  freeTrialRequests(@Req() req: Request): Promise<FreeTrialRequestDto[]> {
    return this.services.send(Subjects.tutoring.listFreeTrialRequests, {}, req, FreeTrialRequestListSchema);
  }

  @Get('bookings')
  @Authenticated()
  @ApiOperation({
    summary:
      "Bookings: a student's own, a tutor's own, or (admins) everyone's, filtered by tutorId, from, to and status",
  })
  @ApiQueryOf(ListBookingsQuerySchema)
  @ApiOkResponse({ description: 'The bookings, earliest first', schema: openApi(BookingListSchema) })
  @ApiErrorReplies(400, 503)
  list(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<BookingDto[]> {
    const data = parseBody(ListBookingsQuerySchema, {
      tutorId: query.tutorId,
      from: query.from,
      to: query.to,
      status: query.status,
    });
    return this.services.send(Subjects.tutoring.listBookings, data, req, BookingListSchema);
  }

  @Post('bookings/:id/cancel')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary:
      "Cancel a booking: a student's cancellation 24 hours ahead or more returns the hours, a later one uses them; a tutor's or an admin's always returns them",
  })
  @BookingIdParam()
  @BookingReply('The cancelled booking')
  @ApiErrorReplies(404, 409, 503)
  cancel(@Param('id') id: string, @Req() req: Request): Promise<BookingDto> {
    return this.services.send(Subjects.tutoring.cancelBooking, bookingIdOf(id), req, BookingDtoSchema);
  }

  @Post('bookings/:id/reschedule')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Move a booking: students until the notice before the start, tutors and admins any time' })
  @BookingIdParam()
  @ApiBody({ schema: openApi(RescheduleBookingBodySchema, 'input') })
  @BookingReply('The moved booking')
  @ApiErrorReplies(400, 404, 409, 422, 503)
  reschedule(
    @Param('id') id: string,
    @Body(new ZodBodyPipe(RescheduleBookingBodySchema)) body: z.output<typeof RescheduleBookingBodySchema>,
    @Req() req: Request,
  ): Promise<BookingDto> {
    return this.services.send(
      Subjects.tutoring.rescheduleBooking,
      { ...bookingIdOf(id), ...body },
      req,
      BookingDtoSchema,
    );
  }

  @Post('bookings/:id/no-show')
  @HttpCode(200)
  @TutorOrAdmin()
  @ApiOperation({ summary: 'Mark that the student did not come (after the start): the hours are used' })
  @BookingIdParam()
  @BookingReply('The booking')
  @ApiErrorReplies(404, 409, 503)
  noShow(@Param('id') id: string, @Req() req: Request): Promise<BookingDto> {
    return this.services.send(Subjects.tutoring.markBookingNoShow, bookingIdOf(id), req, BookingDtoSchema);
  }

  /** The booking record keeps the student's name and email, read from identity when booking. */
  private async studentOf(req: Request): Promise<{ studentName: string; studentEmail: string }> {
    const actor = actorOf(req);
    if (!actor) throw ApiErrors.unauthenticated();
    const user = await this.services.send(Subjects.identity.getUser, { userId: actor.userId }, req, UserDtoSchema);
    return {
      studentName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
      studentEmail: user.email,
    };
  }
}
