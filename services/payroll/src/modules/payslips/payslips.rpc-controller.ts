import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type PayslipDto,
  PayslipIdRequestSchema,
  type PayslipWeekDto,
  PayslipWeekQuerySchema,
  SavePayslipBodySchema,
  Subjects,
} from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { z } from 'zod';
import { PayslipsService } from './payslips.service.js';

const NoData = z.unknown();

@Controller()
export class PayslipsRpcController {
  constructor(private readonly payslips: PayslipsService) {}

  @MessagePattern(Subjects.payroll.listPayslips)
  list(@Payload() payload: unknown): Promise<PayslipDto[]> {
    const { meta } = parseRequest(NoData, payload);
    return this.payslips.listAll(meta.actor);
  }

  @MessagePattern(Subjects.payroll.approvePayslip)
  approve(@Payload() payload: unknown): Promise<PayslipDto> {
    const { meta, data } = parseRequest(PayslipIdRequestSchema, payload);
    return this.payslips.approve(data.id, meta.actor, meta.correlationId);
  }

  @MessagePattern(Subjects.payroll.markPayslipPaid)
  markPaid(@Payload() payload: unknown): Promise<PayslipDto> {
    const { meta, data } = parseRequest(PayslipIdRequestSchema, payload);
    return this.payslips.markPaid(data.id, meta.actor, meta.correlationId);
  }

  @MessagePattern(Subjects.payroll.deletePayslip)
  delete(@Payload() payload: unknown): Promise<{ deleted: true }> {
    const { meta, data } = parseRequest(PayslipIdRequestSchema, payload);
    return this.payslips.delete(data.id, meta.actor);
  }

  @MessagePattern(Subjects.payroll.listMyPayslips)
  listMine(@Payload() payload: unknown): Promise<PayslipDto[]> {
    const { meta } = parseRequest(NoData, payload);
    return this.payslips.listMine(meta.actor);
  }

  @MessagePattern(Subjects.payroll.getMyPayslipWeek)
  week(@Payload() payload: unknown): Promise<PayslipWeekDto> {
    const { meta, data } = parseRequest(PayslipWeekQuerySchema, payload);
    return this.payslips.week(data.weekStarting, meta.actor);
  }

  @MessagePattern(Subjects.payroll.saveMyPayslip)
  save(@Payload() payload: unknown): Promise<PayslipDto> {
    const { meta, data } = parseRequest(SavePayslipBodySchema, payload);
    return this.payslips.saveDraft(data, meta.actor, meta.correlationId);
  }

  @MessagePattern(Subjects.payroll.submitMyPayslip)
  submit(@Payload() payload: unknown): Promise<PayslipDto> {
    const { meta, data } = parseRequest(PayslipIdRequestSchema, payload);
    return this.payslips.submit(data.id, meta.actor, meta.correlationId);
  }
}
