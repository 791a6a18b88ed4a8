import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  type CalendarFeedDto,
  CalendarFeedDtoSchema,
  CalendarFeedMaxAgeSeconds,
  CalendarFeedReplySchema,
  CalendarFeedTokenPattern,
  Subjects,
} from '@medtutor/contracts';
import type { Request, Response } from 'express';
import { Authenticated } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrors } from '../../filters/api-error.js';
import { ApiErrorReplies } from '../../http/openapi.js';
import { RateLimited } from '../../rate-limits/rate-limited.decorator.js';
import { openApi } from './openapi-schema.js';

const FeedReply = (description: string) => ApiOkResponse({ description, schema: openApi(CalendarFeedDtoSchema) });

/**
 * Private calendar feeds (issue 25). The feed itself is public (calendar apps send no cookie): its
 * 256-bit token is the credential, so it is redacted from the access log and traces
 * (`redactSecrets`), and an unknown, revoked or malformed one answers the same 404. Tutoring keeps
 * only the token's hash, so the URL is in the reply that makes it and nowhere else.
 */
@ApiTags('calendar')
@Controller('api')
export class CalendarFeedsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('calendar/:token.ics')
  @RateLimited('calendarFeeds')
  @ApiOperation({
    summary:
      "A private calendar feed (RFC 5545): the owner's bookings from 30 days back, cancelled ones with STATUS:CANCELLED",
  })
  @ApiParam({ name: 'token', type: 'string', description: 'The secret of the feed URL' })
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'The calendar', schema: { type: 'string' } })
  @ApiErrorReplies(404, 429, 503)
  async feed(
    @Param('token') token: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    if (!CalendarFeedTokenPattern.test(token)) throw ApiErrors.notFound();
    const { calendar } = await this.services.send(
      Subjects.tutoring.calendarFeed,
      { token },
      req,
      CalendarFeedReplySchema,
    );
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    // Only the subscriber may keep it, and not for long: a cancellation should reach them soon.
    res.setHeader('Cache-Control', `private, max-age=${CalendarFeedMaxAgeSeconds}`);
    return calendar;
  }

  @Get('me/calendar-feed')
  @Authenticated()
  @ApiOperation({
    summary:
      'Whether your private calendar feed is active and since when (students and tutors); its URL is shown only when made',
  })
  @FeedReply('The feed; url is always null here')
  @ApiErrorReplies(401, 403, 503)
  mine(@Req() req: Request): Promise<CalendarFeedDto> {
    return this.services.send(Subjects.tutoring.getMyCalendarFeed, {}, req, CalendarFeedDtoSchema);
  }

  @Post('me/calendar-feed/rotate')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Make a new private calendar feed URL (the old one, if any, stops working)' })
  @FeedReply('The feed with its new URL')
  @ApiErrorReplies(401, 403, 404, 503)
  rotate(@Req() req: Request): Promise<CalendarFeedDto> {
    return this.services.send(Subjects.tutoring.rotateMyCalendarFeed, {}, req, CalendarFeedDtoSchema);
  }

  @Delete('me/calendar-feed')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Turn off your private calendar feed: its URL stops working' })
  @FeedReply('The feed, now inactive')
  @ApiErrorReplies(401, 403, 503)
  revoke(@Req() req: Request): Promise<CalendarFeedDto> {
    return this.services.send(Subjects.tutoring.revokeMyCalendarFeed, {}, req, CalendarFeedDtoSchema);
  }
}
