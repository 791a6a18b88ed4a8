import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateDiscountCodeBodySchema, type DiscountCodeDto, Subjects } from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { DiscountCodesService } from './discount-codes.service.js';

@Controller()
export class DiscountCodesRpcController {
  constructor(private readonly codes: DiscountCodesService) {}

  @MessagePattern(Subjects.catalogPayments.createDiscountCode)
  create(@Payload() payload: unknown): Promise<DiscountCodeDto> {
    const { meta, data } = parseRequest(CreateDiscountCodeBodySchema, payload);
    return this.codes.create(data.discountPrice, meta.actor);
  }
}
