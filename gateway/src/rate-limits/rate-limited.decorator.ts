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
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { actorOf } from '../auth/actor.js';
import { clientIp } from '../http/client-ip.js';
import { ApiErrorReplies } from '../http/openapi.js';
import { type CallerLimit, RateLimitsService } from './rate-limits.service.js';

const RATE_LIMIT = Symbol('RATE_LIMIT');

/**
 * Counts the request per caller and per address before the body is parsed or a service is asked.
 * An interceptor, not a guard, so it runs after the auth guards: a visitor refused with 401 costs nothing.
 */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitsService,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const limit = this.reflector.get<CallerLimit | undefined>(RATE_LIMIT, context.getHandler());
    if (limit) {
      const req = context.switchToHttp().getRequest<Request>();
      const actor = actorOf(req);
      const caller = actor ? `user:${actor.userId}` : `session:${req.sessionID}`;
      await this.limits.consumeCallerRequest(limit, caller, clientIp(req));
    }
    return next.handle();
  }
}

/** 429 `COMMON.RATE_LIMITED` with Retry-After once the caller or the address is over `limit`. */
export const RateLimited = (limit: CallerLimit) =>
  applyDecorators(SetMetadata(RATE_LIMIT, limit), UseInterceptors(RateLimitInterceptor), ApiErrorReplies(429));
