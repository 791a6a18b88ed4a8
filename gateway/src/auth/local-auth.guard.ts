import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { LoginBodySchema } from '@medtutor/contracts';
import type { Request } from 'express';
import { parseBody } from '../http/zod-body.pipe.js';

/**
 * Runs the passport-local strategy. Guards run before pipes, and passport-local answers a missing
 * field with a bare 401, so the body is validated here first: a malformed login gets the spec's 400.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    req.body = parseBody(LoginBodySchema, req.body);
    return (await super.canActivate(context)) as boolean;
  }
}
