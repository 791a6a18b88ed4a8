import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  type AdminSecondFactorResetReply,
  AdminSecondFactorResetReplySchema,
  ErrorCodes,
  PathIdSchema,
  ServerMessages,
  Subjects,
} from '@medtutor/contracts';
import type { Request } from 'express';
import { AdminOnly } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiError } from '../../filters/api-error.js';
import { ApiErrorReplies, jsonSchemaOf } from '../../http/openapi.js';
import { SessionValidityGuard } from '../../sessions/session-validity.guard.js';
import { SessionsService } from '../../sessions/sessions.service.js';

/** An admin resets another account's second factor (a lost authenticator). */
@ApiTags('admin')
@Controller('api/admin/users')
export class AdminTwoFactorController {
  constructor(
    private readonly identity: ServiceClient,
    private readonly sessions: SessionsService,
    private readonly validity: SessionValidityGuard,
  ) {}

  @Post(':id/two-factor/reset')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary:
      "Reset another account's two-factor authentication: recorded with who and when, its sessions end at once, " +
      'it must enrol at its next sign-in, and it is told by email. Never the admin’s own account',
  })
  @ApiParam({ name: 'id', type: 'integer', description: 'The account' })
  @ApiResponse({ status: 200, description: 'Reset', schema: jsonSchemaOf(AdminSecondFactorResetReplySchema) })
  @ApiErrorReplies(404, 503)
  async reset(@Param('id') id: string, @Req() req: Request): Promise<AdminSecondFactorResetReply> {
    const parsed = PathIdSchema.safeParse(id);
    if (!parsed.success) throw ApiError.of(ErrorCodes.notFound, ServerMessages.notFound);
    const reply = await this.identity.send(
      Subjects.identity.totpAdminReset,
      { userId: parsed.data },
      req,
      AdminSecondFactorResetReplySchema,
    );
    // Identity's cut-off already ends them (checked on every request); deleting them frees Redis now.
    this.validity.forget(reply.userId);
    await this.sessions.endAllForUser(reply.userId);
    return reply;
  }
}
