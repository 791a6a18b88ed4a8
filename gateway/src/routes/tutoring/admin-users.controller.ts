import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type AdminUserWithPackagesDto,
  AdminUserWithPackagesDtoSchema,
  type ListUsersRequest,
  type PackagesForUsersReply,
  PackagesForUsersReplySchema,
  Subjects,
  AdminStudentDtoSchema,
} from '@medtutor/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { AdminOnly } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrorReplies } from '../../http/openapi.js';
import { openApi } from './openapi-schema.js';

/** Well under sessions_for_users' cap of 10,000 ids, so one request stays small. */
const USER_IDS_PER_REQUEST = 1000;

@ApiTags('admin')
@Controller('api/admin')
export class AdminUsersController {
  constructor(private readonly services: ServiceClient) {}

  /** Students come from identity and their packages from tutoring; each service keeps its own data. */
  @Get('users')
  @AdminOnly()
  @ApiOperation({ summary: 'Every non-admin student with contact details and their session packages' })
  @ApiOkResponse({ description: 'The students', schema: openApi(z.array(AdminUserWithPackagesDtoSchema)) })
  @ApiErrorReplies(503)
  async list(@Req() req: Request): Promise<AdminUserWithPackagesDto[]> {
    const request: ListUsersRequest = { role: 'student' };
    const users = await this.services.send(Subjects.identity.listUsers, request, req, z.array(AdminStudentDtoSchema));
    const userIds = users.map((user) => user.id);
    const batches: number[][] = [];
    for (let start = 0; start < userIds.length; start += USER_IDS_PER_REQUEST) {
      batches.push(userIds.slice(start, start + USER_IDS_PER_REQUEST));
    }
    const replies = await Promise.all(
      batches.map((batch) =>
        this.services.send(Subjects.tutoring.sessionsForUsers, { userIds: batch }, req, PackagesForUsersReplySchema),
      ),
    );
    const sessions: PackagesForUsersReply = Object.assign({}, ...replies);
    return users.map((user) => ({ ...user, sessions: sessions[String(user.id)] ?? [] }));
  }
}
