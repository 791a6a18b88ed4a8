import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  DeliveredSessionBodySchema,
  type PayslipDto,
  PayslipDtoSchema,
  PayslipListSchema,
  type PayslipWeekDto,
  PayslipWeekDtoSchema,
  PayslipWeekQuerySchema,
  SavePayslipBodySchema,
  type PackageDto,
  PackageDtoSchema,
  PackageIdRequestSchema,
  Subjects,
  type TutorStudentPackageDto,
  TutorStudentPackageDtoSchema,
} from '@medtutor/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { TutorOnly } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrors } from '../../filters/api-error.js';
import { ApiErrorReplies, jsonSchemaOf } from '../../http/openapi.js';
import { parseBody, ZodBodyPipe } from '../../http/zod-body.pipe.js';
import { payslipIdOf } from '../payroll/payslip-id.js';

/** Contract schemas as OpenAPI, stating formats and defaults as the server enforces them. */
const openApi = jsonSchemaOf;
const TutorStudentsSchema = z.array(TutorStudentPackageDtoSchema);

/**
 * The signed-in tutor's portal. Only the caller's user id travels with each request; tutoring and
 * payroll decide which students and timesheets are theirs.
 */
@ApiTags('tutor')
@Controller('api/tutor')
export class TutorPortalController {
  constructor(private readonly services: ServiceClient) {}

  @Get('students')
  @TutorOnly()
  @ApiOperation({ summary: 'Packages the tutor teaches, as primary or secondary tutor' })
  @ApiOkResponse({ description: 'The packages', schema: openApi(TutorStudentsSchema) })
  @ApiErrorReplies(503)
  students(@Req() req: Request): Promise<TutorStudentPackageDto[]> {
    return this.services.send(Subjects.tutoring.listTutorStudents, {}, req, TutorStudentsSchema);
  }

  @Post('sessions/:id/delivered')
  @HttpCode(200)
  @TutorOnly()
  @ApiOperation({ summary: "Log a delivered session: its hours leave the student's package through the ledger" })
  @ApiParam({ name: 'id', type: Number })
  @ApiBody({ schema: openApi(DeliveredSessionBodySchema, 'input') })
  @ApiOkResponse({ description: 'The package after the deduction', schema: openApi(PackageDtoSchema) })
  @ApiErrorReplies(400, 404, 503)
  delivered(
    @Param('id') id: string,
    @Body(new ZodBodyPipe(DeliveredSessionBodySchema)) body: z.output<typeof DeliveredSessionBodySchema>,
    @Req() req: Request,
  ): Promise<PackageDto> {
    // A malformed id names no package: the same 404 as someone else's.
    const parsed = PackageIdRequestSchema.safeParse({ sessionId: Number(id) });
    if (!parsed.success) throw ApiErrors.notFound();
    return this.services.send(
      Subjects.tutoring.recordDeliveredSession,
      { ...parsed.data, ...body },
      req,
      PackageDtoSchema,
    );
  }

  @Get('payslips')
  @TutorOnly()
  @ApiOperation({ summary: "The tutor's own timesheets, newest week first" })
  @ApiOkResponse({ description: 'The payslips', schema: openApi(PayslipListSchema) })
  @ApiErrorReplies(409, 503)
  payslips(@Req() req: Request): Promise<PayslipDto[]> {
    return this.services.send(Subjects.payroll.listMyPayslips, {}, req, PayslipListSchema);
  }

  @Get('payslips/week')
  @TutorOnly()
  @ApiOperation({ summary: "A week's prefill (hours and students of the sessions logged) and its timesheet, if any" })
  @ApiQuery({ name: 'weekStarting', description: 'Any day of the week (YYYY-MM-DD); its Monday is used' })
  @ApiOkResponse({ description: 'The week', schema: openApi(PayslipWeekDtoSchema) })
  @ApiErrorReplies(400, 409, 503)
  week(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<PayslipWeekDto> {
    const data = parseBody(PayslipWeekQuerySchema, { weekStarting: query.weekStarting });
    return this.services.send(Subjects.payroll.getMyPayslipWeek, data, req, PayslipWeekDtoSchema);
  }

  @Post('payslips')
  @HttpCode(200)
  @TutorOnly()
  @ApiOperation({ summary: "Create or update the tutor's draft timesheet for a week" })
  @ApiBody({ schema: openApi(SavePayslipBodySchema, 'input') })
  @ApiOkResponse({ description: 'The draft', schema: openApi(PayslipDtoSchema) })
  @ApiErrorReplies(400, 409, 503)
  save(
    @Body(new ZodBodyPipe(SavePayslipBodySchema)) body: z.output<typeof SavePayslipBodySchema>,
    @Req() req: Request,
  ): Promise<PayslipDto> {
    return this.services.send(Subjects.payroll.saveMyPayslip, body, req, PayslipDtoSchema);
  }

  @Post('payslips/:id/submit')
  @HttpCode(200)
  @TutorOnly()
  @ApiOperation({ summary: 'Submit a draft timesheet for review (409 once submitted)' })
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ description: 'The submitted payslip', schema: openApi(PayslipDtoSchema) })
  @ApiErrorReplies(404, 409, 503)
  submit(@Param('id') id: string, @Req() req: Request): Promise<PayslipDto> {
    return this.services.send(Subjects.payroll.submitMyPayslip, payslipIdOf(id), req, PayslipDtoSchema);
  }
}
