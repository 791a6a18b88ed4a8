import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  CatalogPaymentsExportSchema,
  ErrorCodes,
  IdentityExportSchema,
  type PersonalDataExport,
  PersonalDataExportSchema,
  personalDataExportHeader,
  PayrollExportSchema,
  PrivacyExportMessages,
  privacyExportFileName,
  ReviewsExportSchema,
  type ServiceName,
  Subjects,
  TutoringExportSchema,
} from '@medtutor/contracts';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { actorOf } from '../../auth/actor.js';
import { Authenticated } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiError, ApiErrors } from '../../filters/api-error.js';
import { ApiErrorReply, ApiErrorReplies, jsonSchemaOf } from '../../http/openapi.js';
import { LOGGER } from '../../logging/logger.js';
import { RateLimited } from '../../rate-limits/rate-limited.decorator.js';

/** Long enough for a caller to see the service back; the circuit breaker decides the real wait. */
const RETRY_AFTER_SECONDS = 60;

/**
 * `GET /api/me/export` (issue 26): everything the platform holds about the signed-in user, whatever
 * their role, as one JSON file. Identity answers first, since its account email is what the services
 * that match records by address need; then the other four in parallel. If any service fails or
 * times out the whole export is a 503 with no body of data: a file missing a section must never
 * look complete. Every section is parsed with its contract schema, which strips anything the
 * contract does not name, so a service cannot leak a secret into the file.
 */
@ApiTags('privacy')
@Controller('api')
export class PrivacyExportController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get('me/export')
  @Authenticated()
  @RateLimited('dataExports')
  @ApiOperation({
    summary:
      'Download your personal data (UK GDPR access and portability): every record each service holds about you, as a JSON file',
  })
  @ApiProduces('application/json')
  @ApiOkResponse({
    description: 'The export, as an attachment (medpath-data-<date>.json)',
    schema: jsonSchemaOf(PersonalDataExportSchema),
  })
  @ApiErrorReply(503, 'A service did not answer: no partial export is given (COMMON.SERVICE_UNAVAILABLE)')
  @ApiErrorReplies(401)
  async export(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<PersonalDataExport> {
    const actor = actorOf(req);
    if (!actor) throw ApiErrors.unauthenticated();
    const identity = await this.section(
      req,
      'identity',
      Subjects.identity.exportPersonalData,
      {},
      IdentityExportSchema,
    );
    const byEmail = { email: identity.account.email };
    const [catalogPayments, tutoring, reviews, payroll] = await Promise.all([
      this.section(
        req,
        'catalog-payments',
        Subjects.catalogPayments.exportPersonalData,
        byEmail,
        CatalogPaymentsExportSchema,
      ),
      this.section(req, 'tutoring', Subjects.tutoring.exportPersonalData, byEmail, TutoringExportSchema),
      this.section(req, 'reviews', Subjects.reviews.exportPersonalData, byEmail, ReviewsExportSchema),
      this.section(req, 'payroll', Subjects.payroll.exportPersonalData, {}, PayrollExportSchema),
    ]);
    const generatedAt = new Date();
    res.setHeader('Content-Disposition', `attachment; filename="${privacyExportFileName(generatedAt)}"`);
    res.setHeader('Cache-Control', 'no-store');
    return {
      export: personalDataExportHeader(actor.userId, generatedAt),
      identity,
      'catalog-payments': catalogPayments,
      tutoring,
      reviews,
      payroll,
    };
  }

  /** One service's section; any failure becomes the export's 503, logged with the service and code only. */
  private async section<S extends z.ZodType>(
    req: Request,
    service: ServiceName,
    subject: string,
    data: unknown,
    schema: S,
  ): Promise<z.output<S>> {
    try {
      return await this.services.send(subject, data, req, schema);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : ErrorCodes.internal;
      this.logger.warn({ service, code, correlationId: req.correlationId }, 'personal data export incomplete');
      throw new ApiError(503, ErrorCodes.serviceUnavailable, PrivacyExportMessages.unavailable, {
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
    }
  }
}
