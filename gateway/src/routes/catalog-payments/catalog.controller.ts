import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, type SchemaObject } from '@nestjs/swagger';
import { type CatalogDto, CatalogDtoSchema, Subjects } from '@medtutor/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrorReplies } from '../../http/openapi.js';

/** The public catalog: the frontends read subjects, availability and prices from here, never a copy. */
@ApiTags('catalog')
@Controller('api')
export class CatalogController {
  constructor(private readonly services: ServiceClient) {}

  @Get('catalog')
  @ApiOperation({ summary: 'Subjects with availability, packages, GBP prices and currencies' })
  @ApiOkResponse({
    description: 'The catalog',
    schema: z.toJSONSchema(CatalogDtoSchema, { target: 'openapi-3.0' }) as SchemaObject,
  })
  @ApiErrorReplies(503)
  getCatalog(@Req() req: Request): Promise<CatalogDto> {
    return this.services.send(Subjects.catalogPayments.getCatalog, {}, req, CatalogDtoSchema);
  }
}
