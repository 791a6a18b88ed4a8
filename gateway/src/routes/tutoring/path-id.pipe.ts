import type { PipeTransform } from '@nestjs/common';
import { ErrorCodes, PathIdSchema } from '@medtutor/contracts';
import { ApiError } from '../../filters/api-error.js';

/**
 * A numeric `:id` of the path. A malformed id names nothing: the same 404 (and message) as an id
 * that does not exist or belongs to someone else, so ids cannot be probed.
 */
export class PathIdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): number {
    const parsed = PathIdSchema.safeParse(value);
    if (!parsed.success) throw ApiError.of(ErrorCodes.notFound, this.notFoundMessage);
    return parsed.data;
  }
}
