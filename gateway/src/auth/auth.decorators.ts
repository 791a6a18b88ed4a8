import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiCookieAuth } from '@nestjs/swagger';
import { ApiErrorReplies } from '../http/openapi.js';
import { AdminGuard, AuthenticatedGuard, StudentGuard, TutorGuard, TutorOrAdminGuard } from './guards.js';

/** Signed-in users only (401 otherwise). */
export const Authenticated = () =>
  applyDecorators(UseGuards(AuthenticatedGuard), ApiCookieAuth(), ApiErrorReplies(401));

/** Admins only: 401 for visitors, 403 for other roles. */
export const AdminOnly = () => applyDecorators(UseGuards(AdminGuard), ApiCookieAuth(), ApiErrorReplies(401, 403));

/** Tutors only: 401 for visitors, 403 for other roles (admins included). */
export const TutorOnly = () => applyDecorators(UseGuards(TutorGuard), ApiCookieAuth(), ApiErrorReplies(401, 403));

/** Students only: 401 for visitors, 403 for other roles. */
export const StudentOnly = () => applyDecorators(UseGuards(StudentGuard), ApiCookieAuth(), ApiErrorReplies(401, 403));

/** Tutors and admins: 401 for visitors, 403 for students. */
export const TutorOrAdmin = () =>
  applyDecorators(UseGuards(TutorOrAdminGuard), ApiCookieAuth(), ApiErrorReplies(401, 403));
