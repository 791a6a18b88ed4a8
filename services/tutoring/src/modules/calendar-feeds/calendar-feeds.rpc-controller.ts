import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CalendarFeedDto, type CalendarFeedReply, CalendarFeedRequestSchema, Subjects } from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { z } from 'zod';
import { CalendarFeedsService } from './calendar-feeds.service.js';

const NoBody = z.object({}).optional();

@Controller()
export class CalendarFeedsRpcController {
  constructor(private readonly feeds: CalendarFeedsService) {}

  @MessagePattern(Subjects.tutoring.calendarFeed)
  calendar(@Payload() payload: unknown): Promise<CalendarFeedReply> {
    const { data } = parseRequest(CalendarFeedRequestSchema, payload);
    return this.feeds.calendar(data.token);
  }

  @MessagePattern(Subjects.tutoring.getMyCalendarFeed)
  mine(@Payload() payload: unknown): Promise<CalendarFeedDto> {
    return this.feeds.mine(parseRequest(NoBody, payload).meta.actor);
  }

  @MessagePattern(Subjects.tutoring.rotateMyCalendarFeed)
  rotate(@Payload() payload: unknown): Promise<CalendarFeedDto> {
    return this.feeds.rotate(parseRequest(NoBody, payload).meta.actor);
  }

  @MessagePattern(Subjects.tutoring.revokeMyCalendarFeed)
  revoke(@Payload() payload: unknown): Promise<CalendarFeedDto> {
    return this.feeds.revoke(parseRequest(NoBody, payload).meta.actor);
  }
}
