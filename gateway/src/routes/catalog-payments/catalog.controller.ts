import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, type SchemaObject } from '@nestjs/swagger';
import { CatalogDtoSchema } from '@medtutor/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ApiErrorReplies } from '../../http/openapi.js';
import { PublicReadsService } from '../../public-reads/public-reads.service.js';

/** The public catalog: the frontends read subjects, availability and prices from here, never a copy. */
@ApiTags('catalog')
@Controller('api')
export class CatalogController {
  constructor(private readonly publicReads: PublicReadsService) {}

  @Get('catalog')
  @ApiOperation({ summary: 'Subjects with availability, packages, GBP prices and currencies' })
  @ApiOkResponse({
    description: 'The catalog',
    schema: z.toJSONSchema(CatalogDtoSchema, { target: 'openapi-3.0' }) as SchemaObject,
  })
  @ApiErrorReplies(503)
  getCatalog(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.publicReads.send('catalog', req, res);
  }
}
