import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CatalogDto, type Quote, QuoteRequestSchema, Subjects } from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { z } from 'zod';
import { CatalogService } from './catalog.service.js';

const EmptyRequestSchema = z.object({}).optional();

@Controller()
export class CatalogRpcController {
  constructor(private readonly catalog: CatalogService) {}

  @MessagePattern(Subjects.catalogPayments.getCatalog)
  getCatalog(@Payload() payload: unknown): CatalogDto {
    parseRequest(EmptyRequestSchema, payload);
    return this.catalog.getCatalog();
  }

  @MessagePattern(Subjects.catalogPayments.quote)
  quote(@Payload() payload: unknown): Quote {
    const { data } = parseRequest(QuoteRequestSchema, payload);
    return this.catalog.quote(data);
  }
}
