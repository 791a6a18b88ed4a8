import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, type SchemaObject } from '@nestjs/swagger';
import { type PaymentConflictsDto, PaymentConflictsDtoSchema, Subjects } from '@medtutor/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { AdminOnly } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrorReplies } from '../../http/openapi.js';

@ApiTags('admin')
@Controller('api/admin/payments')
export class PaymentConflictsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('conflicts')
  @AdminOnly()
  @ApiOperation({
    summary: 'Payments taken after their discount code had gone to another payment (credited, to be settled)',
  })
  @ApiOkResponse({
    description: 'The newest conflicts (up to 50) and how many there are',
    schema: z.toJSONSchema(PaymentConflictsDtoSchema, { target: 'openapi-3.0' }) as SchemaObject,
  })
  @ApiErrorReplies(503)
  list(@Req() req: Request): Promise<PaymentConflictsDto> {
    return this.services.send(Subjects.catalogPayments.listPaymentConflicts, {}, req, PaymentConflictsDtoSchema);
  }
}
