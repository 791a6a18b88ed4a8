import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type HealthReply, Subjects } from '@medtutor/contracts';
import { HealthChecks } from '@medtutor/nest-kit';

@Controller()
export class HealthRpcController {
  constructor(private readonly checks: HealthChecks) {}

  /** Answers whatever the payload: a probe carries no data worth validating. */
  @MessagePattern(Subjects.identity.health)
  health(): Promise<HealthReply> {
    return this.checks.run();
  }
}
