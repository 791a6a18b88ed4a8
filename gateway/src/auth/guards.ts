import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Role } from '@medtutor/contracts';
import type { Request } from 'express';
import { ApiErrors } from '../filters/api-error.js';
import { sessionEndedBecause } from '../sessions/ended-sessions.js';
import { actorOf } from './actor.js';

/**
 * 401 for visitors (saying why when the gateway ended their session: a dismissed tutor); otherwise,
 * when `roles` are given, 403 for anyone else.
 */
function authorize(context: ExecutionContext, ...roles: Role[]): true {
  const req = context.switchToHttp().getRequest<Request>();
  const actor = actorOf(req);
  if (!actor) {
    throw sessionEndedBecause(req) ? ApiErrors.sessionEndedByDeactivation() : ApiErrors.unauthenticated();
  }
  if (roles.length > 0 && !roles.includes(actor.role)) throw ApiErrors.forbidden();
  return true;
}

@Injectable()
export class AuthenticatedGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return authorize(context);
  }
}

@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return authorize(context, 'admin');
  }
}

@Injectable()
export class TutorGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return authorize(context, 'tutor');
  }
}

@Injectable()
export class StudentGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return authorize(context, 'student');
  }
}

@Injectable()
export class TutorOrAdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return authorize(context, 'tutor', 'admin');
  }
}
