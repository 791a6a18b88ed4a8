import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Observable, tap } from 'rxjs';
import { type PublicRead, PublicReadsService } from './public-reads.service.js';

const CHANGES_PUBLIC_READ = 'public-read:changes';

@Injectable()
class PublicReadChangeInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly publicReads: PublicReadsService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const read = this.reflector.get<PublicRead>(CHANGES_PUBLIC_READ, context.getHandler());
    return next.handle().pipe(tap({ complete: () => this.publicReads.changed(read) }));
  }
}

/**
 * A route whose success changes a public read (an admin approving a story, editing a tutor): this
 * replica drops its copy as the route answers, so the admin's next look at the site shows the change
 * at once. Every other replica drops its own when the owner's event arrives.
 */
export const ChangesPublicRead = (read: PublicRead) =>
  applyDecorators(SetMetadata(CHANGES_PUBLIC_READ, read), UseInterceptors(PublicReadChangeInterceptor));
