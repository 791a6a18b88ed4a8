import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  type DeleteTestimonialReply,
  DeleteTestimonialReplySchema,
  type PendingTestimonialDto,
  PendingTestimonialDtoSchema,
  PendingTestimonialListSchema,
  PublicTestimonialListSchema,
  Subjects,
  SubmitTestimonialBodySchema,
  type SubmitTestimonialReply,
  SubmitTestimonialReplySchema,
  TestimonialIdParamSchema,
  type TestimonialIdRequest,
} from '@medtutor/contracts';
import type { Request, Response } from 'express';
import { AdminOnly } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrors } from '../../filters/api-error.js';
import { clientIp } from '../../http/client-ip.js';
import { ApiErrorReplies, jsonSchemaOf } from '../../http/openapi.js';
import { parseBody } from '../../http/zod-body.pipe.js';
import { ChangesPublicRead } from '../../public-reads/changes-public-read.decorator.js';
import { PublicReadsService } from '../../public-reads/public-reads.service.js';
import { RateLimitsService } from '../../rate-limits/rate-limits.service.js';

/** Contract schemas as OpenAPI, stating formats and defaults as the server enforces them. */
const openApi = jsonSchemaOf;

/** A malformed id names no testimonial: the same 404 as an unknown one, never a 500. */
const testimonialId = (id: string): TestimonialIdRequest => {
  const parsed = TestimonialIdParamSchema.safeParse(id);
  if (!parsed.success) throw ApiErrors.notFound();
  return { id: parsed.data };
};

@ApiTags('testimonials')
@Controller('api/testimonials')
export class TestimonialsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly limits: RateLimitsService,
    private readonly publicReads: PublicReadsService,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Submit a success story (anyone); it is published once an admin approves it. It carries the ' +
      'verified-purchase badge only when sent from the session of a student who has paid (the email proves nothing)',
  })
  @ApiBody({ schema: openApi(SubmitTestimonialBodySchema, 'input') })
  @ApiResponse({ status: 201, description: 'Received for review', schema: openApi(SubmitTestimonialReplySchema) })
  @ApiErrorReplies(400, 429, 503)
  async submit(@Body() body: unknown, @Req() req: Request): Promise<SubmitTestimonialReply> {
    // Counted before validation, so a script sending junk is held back too.
    await this.limits.consumeTestimonial(clientIp(req));
    const story = parseBody(SubmitTestimonialBodySchema, body);
    return this.services.send(Subjects.reviews.submitTestimonial, story, req, SubmitTestimonialReplySchema);
  }

  @Get()
  @ApiOperation({ summary: 'Approved success stories: names shortened to initials, never the email' })
  @ApiOkResponse({ description: 'Approved stories, newest first', schema: openApi(PublicTestimonialListSchema) })
  @ApiErrorReplies(503)
  listApproved(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.publicReads.send('testimonials', req, res);
  }

  @Get('pending')
  @AdminOnly()
  @ApiOperation({ summary: "Stories waiting for review, with the submitter's email" })
  @ApiOkResponse({ description: 'Pending stories, oldest first', schema: openApi(PendingTestimonialListSchema) })
  @ApiErrorReplies(503)
  listPending(@Req() req: Request): Promise<PendingTestimonialDto[]> {
    return this.services.send(Subjects.reviews.listPendingTestimonials, {}, req, PendingTestimonialListSchema);
  }

  @Patch(':id/approve')
  @AdminOnly()
  @ChangesPublicRead('testimonials')
  @ApiOperation({ summary: 'Publish a story (approving an approved one changes nothing)' })
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOkResponse({ description: 'The approved story', schema: openApi(PendingTestimonialDtoSchema) })
  @ApiErrorReplies(404, 503)
  approve(@Param('id') id: string, @Req() req: Request): Promise<PendingTestimonialDto> {
    return this.services.send(Subjects.reviews.approveTestimonial, testimonialId(id), req, PendingTestimonialDtoSchema);
  }

  @Delete(':id')
  @AdminOnly()
  @ChangesPublicRead('testimonials')
  @ApiOperation({ summary: 'Delete a story, pending or published' })
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOkResponse({ description: 'Deleted', schema: openApi(DeleteTestimonialReplySchema) })
  @ApiErrorReplies(404, 503)
  delete(@Param('id') id: string, @Req() req: Request): Promise<DeleteTestimonialReply> {
    return this.services.send(Subjects.reviews.deleteTestimonial, testimonialId(id), req, DeleteTestimonialReplySchema);
  }
}
