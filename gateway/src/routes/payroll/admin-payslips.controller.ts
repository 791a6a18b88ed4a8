import { Controller, Delete, Get, Param, Patch, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags, type SchemaObject } from '@nestjs/swagger';
import {
  DeletePayslipReplySchema,
  type PayslipDto,
  PayslipDtoSchema,
  PayslipListSchema,
  Subjects,
} from '@medtutor/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { AdminOnly } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrorReplies } from '../../http/openapi.js';
import { payslipIdOf } from './payslip-id.js';

const openApi = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'openapi-3.0' }) as SchemaObject;

@ApiTags('admin')
@Controller('api/admin/payslips')
export class AdminPayslipsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: "Every tutor's timesheets, newest week first, each with its status history" })
  @ApiOkResponse({ description: 'The payslips', schema: openApi(PayslipListSchema) })
  @ApiErrorReplies(503)
  list(@Req() req: Request): Promise<PayslipDto[]> {
    return this.services.send(Subjects.payroll.listPayslips, {}, req, PayslipListSchema);
  }

  @Patch(':id/approve')
  @AdminOnly()
  @ApiOperation({ summary: 'Approve a submitted payslip (409 in any other status)' })
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ description: 'The approved payslip', schema: openApi(PayslipDtoSchema) })
  @ApiErrorReplies(404, 409, 503)
  approve(@Param('id') id: string, @Req() req: Request): Promise<PayslipDto> {
    return this.services.send(Subjects.payroll.approvePayslip, payslipIdOf(id), req, PayslipDtoSchema);
  }

  @Patch(':id/mark-paid')
  @AdminOnly()
  @ApiOperation({ summary: 'Mark an approved payslip as paid (409 in any other status)' })
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ description: 'The paid payslip', schema: openApi(PayslipDtoSchema) })
  @ApiErrorReplies(404, 409, 503)
  markPaid(@Param('id') id: string, @Req() req: Request): Promise<PayslipDto> {
    return this.services.send(Subjects.payroll.markPayslipPaid, payslipIdOf(id), req, PayslipDtoSchema);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a payslip in any status, with its history' })
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ description: 'Deleted', schema: openApi(DeletePayslipReplySchema) })
  @ApiErrorReplies(404, 503)
  delete(@Param('id') id: string, @Req() req: Request): Promise<z.output<typeof DeletePayslipReplySchema>> {
    return this.services.send(Subjects.payroll.deletePayslip, payslipIdOf(id), req, DeletePayslipReplySchema);
  }
}
