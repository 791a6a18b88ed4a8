import { Injectable } from '@nestjs/common';
import {
  type CatalogDto,
  catalogDto,
  isSubjectAvailable,
  type Quote,
  quote,
  type QuoteRequest,
} from '@medtutor/contracts';
import { subjectUnavailable } from './catalog.errors.js';

/** Prices come from the contracts table only; nothing the client sends changes an amount. */
@Injectable()
export class CatalogService {
  getCatalog(): CatalogDto {
    return catalogDto();
  }

  quote(request: QuoteRequest, discountPounds?: number): Quote {
    if (!isSubjectAvailable(request.subject)) throw subjectUnavailable(request.subject);
    return quote({ ...request, discountPounds });
  }
}
