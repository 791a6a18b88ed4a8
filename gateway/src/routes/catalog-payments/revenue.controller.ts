import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags, type SchemaObject } from '@nestjs/swagger';
import {
  type RevenueByWeekDto,
  RevenueByWeekDtoSchema,
  RevenueByWeekRequestSchema,
  RevenueLimits,
  Subjects,
} from '@medtutor/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { AdminOnly } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrorReplies } from '../../http/openapi.js';
import { parseBody } from '../../http/zod-body.pipe.js';

@ApiTags('admin')
@Controller('api/admin')
export class RevenueController {
  constructor(private readonly services: ServiceClient) {}

  @Get('revenue')
  @AdminOnly()
  @ApiOperation({ summary: 'Succeeded payments per week (Monday start, UTC) and currency, empty weeks included' })
  @ApiQuery({
    name: 'weeks',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: RevenueLimits.maxWeeks, default: RevenueLimits.defaultWeeks },
    description: 'How many weeks, ending with the current one',
  })
  @ApiOkResponse({
    description: 'The weeks, oldest first, and the totals over them',
    schema: z.toJSONSchema(RevenueByWeekDtoSchema, { target: 'openapi-3.0' }) as SchemaObject,
  })
  @ApiErrorReplies(400, 503)
  byWeek(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<RevenueByWeekDto> {
    const data = parseBody(RevenueByWeekRequestSchema, { weeks: query.weeks });
    return this.services.send(Subjects.catalogPayments.revenueByWeek, data, req, RevenueByWeekDtoSchema);
  }
}
