import { Body, Controller, Get, Inject, Param, Patch, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  AssignDualTutorsBodySchema,
  AssignTutorBodySchema,
  ExamDateBodySchema,
  type HoursLedgerEntryDto,
  HoursLedgerEntryDtoSchema,
  type PackageDto,
  PackageDtoSchema,
  Subjects,
  TutoringMessages,
  UsageBodySchema,
  UserDtoSchema,
} from '@medtutor/contracts';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { actorOf } from '../../auth/actor.js';
import { AdminOnly, Authenticated } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrorReplies } from '../../http/openapi.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';
import { LOGGER } from '../../logging/logger.js';
import { openApi } from './openapi-schema.js';
import { PathIdPipe } from './path-id.pipe.js';

const packageId = new PathIdPipe(TutoringMessages.packageNotFound);
const PackageIdParam = () => ApiParam({ name: 'id', type: 'integer', description: 'The session package' });
const PackageReply = (description: string) => ApiOkResponse({ description, schema: openApi(PackageDtoSchema) });

/**
 * Session packages (docs/product.md §7). Who may touch which package is tutoring's rule: a student's
 * request for someone else's package comes back as the same 404 as a missing one.
 */
@ApiTags('session packages')
@Controller('api')
export class PackagesController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get('user/sessions')
  @Authenticated()
  @ApiOperation({ summary: "The signed-in student's packages, newest first" })
  @ApiOkResponse({ description: 'The packages', schema: openApi(z.array(PackageDtoSchema)) })
  @ApiErrorReplies(503)
  listMine(@Req() req: Request): Promise<PackageDto[]> {
    return this.services.send(Subjects.tutoring.listMySessions, {}, req, z.array(PackageDtoSchema));
  }

  @Patch('sessions/:id/exam-date')
  @Authenticated()
  @ApiOperation({ summary: "Set the exam date of one of the signed-in student's own packages" })
  @PackageIdParam()
  @ApiBody({ schema: openApi(ExamDateBodySchema, 'input') })
  @PackageReply('The updated package')
  @ApiErrorReplies(400, 403, 404, 503)
  setOwnExamDate(
    @Param('id', packageId) id: number,
    @Body(new ZodBodyPipe(ExamDateBodySchema)) body: z.output<typeof ExamDateBodySchema>,
    @Req() req: Request,
  ): Promise<PackageDto> {
    return this.setExamDate(id, body, req);
  }

  @Get('sessions/:id/ledger')
  @Authenticated()
  @ApiOperation({ summary: "A package's hours ledger, newest first (its student, an admin or its tutors)" })
  @PackageIdParam()
  @ApiOkResponse({ description: 'The ledger', schema: openApi(z.array(HoursLedgerEntryDtoSchema)) })
  @ApiErrorReplies(404, 503)
  ledger(@Param('id', packageId) id: number, @Req() req: Request): Promise<HoursLedgerEntryDto[]> {
    return this.services.send(Subjects.tutoring.getLedger, { sessionId: id }, req, z.array(HoursLedgerEntryDtoSchema));
  }

  @Patch('user/sessions/:id/usage')
  @AdminOnly()
  @ApiOperation({
    summary: 'Correct the used hours (0 to the total, in steps of 0.5); the reason goes into the ledger',
  })
  @PackageIdParam()
  @ApiBody({ schema: openApi(UsageBodySchema, 'input') })
  @PackageReply('The updated package')
  @ApiErrorReplies(400, 404, 503)
  async setUsage(
    @Param('id', packageId) id: number,
    @Body(new ZodBodyPipe(UsageBodySchema)) body: z.output<typeof UsageBodySchema>,
    @Req() req: Request,
  ): Promise<PackageDto> {
    const actorName = await this.displayNameOf(req);
    return this.services.send(Subjects.tutoring.setUsage, { sessionId: id, ...body, actorName }, req, PackageDtoSchema);
  }

  @Patch('user/sessions/:id/exam-date')
  @AdminOnly()
  @ApiOperation({ summary: "Set any package's exam date" })
  @PackageIdParam()
  @ApiBody({ schema: openApi(ExamDateBodySchema, 'input') })
  @PackageReply('The updated package')
  @ApiErrorReplies(400, 404, 503)
  setAnyExamDate(
    @Param('id', packageId) id: number,
    @Body(new ZodBodyPipe(ExamDateBodySchema)) body: z.output<typeof ExamDateBodySchema>,
    @Req() req: Request,
  ): Promise<PackageDto> {
    return this.setExamDate(id, body, req);
  }

  @Patch('admin/sessions/:id/assign-tutor')
  @AdminOnly()
  @ApiOperation({ summary: 'Assign one tutor and their calendar link (replaces any dual assignment)' })
  @PackageIdParam()
  @ApiBody({ schema: openApi(AssignTutorBodySchema, 'input') })
  @PackageReply('The updated package')
  @ApiErrorReplies(400, 404, 503)
  assignTutor(
    @Param('id', packageId) id: number,
    @Body(new ZodBodyPipe(AssignTutorBodySchema)) body: z.output<typeof AssignTutorBodySchema>,
    @Req() req: Request,
  ): Promise<PackageDto> {
    return this.services.send(Subjects.tutoring.assignTutor, { sessionId: id, ...body }, req, PackageDtoSchema);
  }

  @Patch('admin/sessions/:id/assign-dual-tutors')
  @AdminOnly()
  @ApiOperation({ summary: 'Assign a primary and a secondary tutor (packages of 10 hours or more)' })
  @PackageIdParam()
  @ApiBody({ schema: openApi(AssignDualTutorsBodySchema, 'input') })
  @PackageReply('The updated package')
  @ApiErrorReplies(400, 404, 503)
  assignDualTutors(
    @Param('id', packageId) id: number,
    @Body(new ZodBodyPipe(AssignDualTutorsBodySchema)) body: z.output<typeof AssignDualTutorsBodySchema>,
    @Req() req: Request,
  ): Promise<PackageDto> {
    return this.services.send(Subjects.tutoring.assignDualTutors, { sessionId: id, ...body }, req, PackageDtoSchema);
  }

  private setExamDate(id: number, body: z.output<typeof ExamDateBodySchema>, req: Request): Promise<PackageDto> {
    return this.services.send(Subjects.tutoring.setExamDate, { sessionId: id, ...body }, req, PackageDtoSchema);
  }

  /**
   * The admin's name for the ledger; the session holds only id and role. The name is secondary: if
   * identity does not answer, the correction is recorded without it.
   */
  private async displayNameOf(req: Request): Promise<string | null> {
    const actor = actorOf(req);
    if (!actor) return null;
    try {
      const user = await this.services.send(Subjects.identity.getUser, { userId: actor.userId }, req, UserDtoSchema);
      return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
    } catch (error) {
      this.logger.warn({ err: error, correlationId: req.correlationId }, 'no admin name for the ledger');
      return null;
    }
  }
}
