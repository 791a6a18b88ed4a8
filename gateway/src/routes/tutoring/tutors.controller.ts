import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  CreateTutorBodySchema,
  PublicTutorDtoSchema,
  RecordTutorChangeReplySchema,
  Subjects,
  TutorDirectoryMessages,
  type TutorDto,
  TutorDtoSchema,
  type TutorStatusChangeReply,
  TutorStatusChangeReplySchema,
  UpdateTutorBodySchema,
} from '@medtutor/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AdminOnly } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrorReplies } from '../../http/openapi.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';
import { ChangesPublicRead } from '../../public-reads/changes-public-read.decorator.js';
import { PublicReadsService } from '../../public-reads/public-reads.service.js';
import { SessionValidityGuard } from '../../sessions/session-validity.guard.js';
import { SessionsService } from '../../sessions/sessions.service.js';
import { openApi } from './openapi-schema.js';
import { PathIdPipe } from './path-id.pipe.js';

const tutorId = new PathIdPipe(TutorDirectoryMessages.tutorNotFound);
const TutorIdParam = () => ApiParam({ name: 'id', type: 'integer', description: 'The directory entry' });

/** The tutor directory: public cards for the home page, the full entries for admins. */
@ApiTags('tutors')
@Controller('api')
export class TutorsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionsService,
    private readonly validity: SessionValidityGuard,
    private readonly publicReads: PublicReadsService,
  ) {}

  /** The reply schema drops calendar links, logins and the active flag, whatever the service sends. */
  @Get('tutors')
  @ApiOperation({ summary: "The active tutors' cards: name, specialty, qualifications, photo and subjects" })
  @ApiOkResponse({ description: 'The cards', schema: openApi(z.array(PublicTutorDtoSchema)) })
  @ApiErrorReplies(503)
  listPublic(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.publicReads.send('tutors', req, res);
  }

  @Get('admin/tutors')
  @AdminOnly()
  @ApiOperation({ summary: 'The whole directory, active and deactivated, with calendar links' })
  @ApiOkResponse({ description: 'The directory', schema: openApi(z.array(TutorDtoSchema)) })
  @ApiErrorReplies(503)
  list(@Req() req: Request): Promise<TutorDto[]> {
    return this.services.send(Subjects.tutoring.listTutors, {}, req, z.array(TutorDtoSchema));
  }

  @Post('admin/tutors')
  @HttpCode(201)
  @AdminOnly()
  @ChangesPublicRead('tutors')
  @ApiOperation({ summary: 'Add a tutor to the directory' })
  @ApiBody({ schema: openApi(CreateTutorBodySchema, 'input') })
  @ApiResponse({ status: 201, description: 'The new entry', schema: openApi(TutorDtoSchema) })
  @ApiErrorReplies(400, 503)
  create(
    @Body(new ZodBodyPipe(CreateTutorBodySchema)) body: z.output<typeof CreateTutorBodySchema>,
    @Req() req: Request,
  ): Promise<TutorDto> {
    return this.services.send(Subjects.tutoring.createTutor, body, req, TutorDtoSchema);
  }

  @Patch('admin/tutors/:id')
  @AdminOnly()
  @ChangesPublicRead('tutors')
  @ApiOperation({ summary: 'Edit an entry (deactivation and reactivation have routes of their own)' })
  @TutorIdParam()
  @ApiBody({ schema: openApi(UpdateTutorBodySchema, 'input') })
  @ApiOkResponse({ description: 'The updated entry', schema: openApi(TutorDtoSchema) })
  @ApiErrorReplies(400, 404, 503)
  update(
    @Param('id', tutorId) id: number,
    @Body(new ZodBodyPipe(UpdateTutorBodySchema)) body: z.output<typeof UpdateTutorBodySchema>,
    @Req() req: Request,
  ): Promise<TutorDto> {
    return this.services.send(Subjects.tutoring.updateTutor, { tutorId: id, ...body }, req, TutorDtoSchema);
  }

  @Delete('admin/tutors/:id')
  @AdminOnly()
  @ChangesPublicRead('tutors')
  @ApiOperation({
    summary:
      "Deactivate an entry: off the home page; the tutor's login is refused and every session of theirs " +
      'ends before this answers; packages, ledger and timesheets keep their history',
  })
  @TutorIdParam()
  @ApiOkResponse({ description: 'The deactivated entry', schema: openApi(TutorDtoSchema) })
  @ApiErrorReplies(404, 503)
  async deactivate(@Param('id', tutorId) id: number, @Req() req: Request): Promise<TutorDto> {
    const reply = await this.services.send(
      Subjects.tutoring.deactivateTutor,
      { tutorId: id },
      req,
      TutorStatusChangeReplySchema,
    );
    return this.applyToLogin(reply, req);
  }

  @Post('admin/tutors/:id/reactivate')
  @HttpCode(200)
  @AdminOnly()
  @ChangesPublicRead('tutors')
  @ApiOperation({
    summary: 'Reactivate an entry: back on the home page; the tutor may sign in again (old sessions stay ended)',
  })
  @TutorIdParam()
  @ApiOkResponse({ description: 'The reactivated entry', schema: openApi(TutorDtoSchema) })
  @ApiErrorReplies(404, 503)
  async reactivate(@Param('id', tutorId) id: number, @Req() req: Request): Promise<TutorDto> {
    const reply = await this.services.send(
      Subjects.tutoring.reactivateTutor,
      { tutorId: id },
      req,
      TutorStatusChangeReplySchema,
    );
    return this.applyToLogin(reply, req);
  }

  /**
   * Hands identity the change tutoring just made, in the admin's own request (issue 24): when this
   * answers, a dismissed tutor's sign-in is refused, and every session of theirs is ended in Redis,
   * which every gateway replica reads. If identity cannot be told, the admin gets the error (and may
   * simply try again), while tutoring's tutor_changed event still brings identity the change; the
   * sessions named so far are ended either way.
   */
  private async applyToLogin({ tutor, change }: TutorStatusChangeReply, req: Request): Promise<TutorDto> {
    let login = change.userId;
    try {
      const known = await this.services.send(
        Subjects.identity.recordTutorChange,
        change,
        req,
        RecordTutorChangeReplySchema,
      );
      login = known.userId ?? login;
    } finally {
      if (login !== null) {
        this.validity.forget(login);
        if (!change.active) await this.sessions.endAllForUserBecause(login, 'tutor-deactivated');
      }
    }
    return tutor;
  }
}
