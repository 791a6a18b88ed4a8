import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags, type SchemaObject } from '@nestjs/swagger';
import {
  CreateDiscountCodeBodySchema,
  type DiscountCodeDto,
  DiscountCodeDtoSchema,
  Subjects,
} from '@medtutor/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { AdminOnly } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrorReplies, jsonSchemaOf } from '../../http/openapi.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';

@ApiTags('admin')
@Controller('api/admin')
export class DiscountCodesController {
  constructor(private readonly services: ServiceClient) {}

  @Post('create-discount-code')
  @HttpCode(201)
  @AdminOnly()
  @ApiOperation({ summary: 'Create a single-use discount code worth 1–100 pounds (30 when empty)' })
  @ApiBody({
    schema: jsonSchemaOf(CreateDiscountCodeBodySchema, 'input'),
  })
  @ApiResponse({
    status: 201,
    description: 'The new code',
    schema: z.toJSONSchema(DiscountCodeDtoSchema, { target: 'openapi-3.0' }) as SchemaObject,
  })
  @ApiErrorReplies(400, 503)
  create(
    @Body(new ZodBodyPipe(CreateDiscountCodeBodySchema)) body: z.output<typeof CreateDiscountCodeBodySchema>,
    @Req() req: Request,
  ): Promise<DiscountCodeDto> {
    return this.services.send(Subjects.catalogPayments.createDiscountCode, body, req, DiscountCodeDtoSchema);
  }
}
