import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { HealthReply } from '@medtutor/contracts';
import type { Response } from 'express';
import { ApiJsonReply } from '../http/openapi.js';
import { ReadinessService } from './readiness.service.js';

/** Kubernetes probes. */
@ApiTags('probes')
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get('healthz')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @ApiResponse({ status: 200, description: 'Alive' })
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiOperation({ summary: 'Readiness: NATS, Redis and every service answer' })
  @ApiJsonReply(200, 'HealthReply', 'Every dependency is ok')
  @ApiJsonReply(503, 'HealthReply', 'At least one dependency failed; `checks` says which')
  async readyz(@Res({ passthrough: true }) res: Response): Promise<HealthReply> {
    const report = await this.readiness.run();
    res.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
