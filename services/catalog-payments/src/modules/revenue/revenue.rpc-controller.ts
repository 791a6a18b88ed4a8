import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type RevenueByWeekDto, RevenueByWeekRequestSchema, Subjects } from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { RevenueService } from './revenue.service.js';

@Controller()
export class RevenueRpcController {
  constructor(private readonly revenue: RevenueService) {}

  @MessagePattern(Subjects.catalogPayments.revenueByWeek)
  byWeek(@Payload() payload: unknown): Promise<RevenueByWeekDto> {
    const { meta, data } = parseRequest(RevenueByWeekRequestSchema, payload);
    return this.revenue.byWeek(data.weeks, meta.actor);
  }
}
