import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { HealthReply } from '@medtutor/contracts';
import type { Response } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { ApiJsonReply } from '../http/openapi.js';
import { ReadinessService } from './readiness.service.js';

/**
 * Kubernetes probes. In production the public port's /readyz says only ok or not: which dependency
 * failed is for the operators, on the probe port (HEALTH_PORT), not for anyone on the internet.
 */
@ApiTags('probes')
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: ReadinessService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('healthz')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @ApiResponse({ status: 200, description: 'Alive' })
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiOperation({
    summary: "Readiness: the gateway's own NATS connection works (in production, status only)",
    description:
      'Neither Redis nor the services are checked: without Redis the shell and the public reads still ' +
      'answer and what needs a session or a rate limit answers 503 at once; a service that cannot answer ' +
      'gets its own routes a 503, while the shell, sign-in and the other services stay up. From SIGTERM ' +
      'on the answer is 503 (`accepting` failed).',
  })
  @ApiJsonReply(200, 'HealthReply', 'NATS is ok')
  @ApiJsonReply(503, 'HealthReply', 'NATS failed, or the gateway is shutting down; `checks` says which')
  async readyz(@Res({ passthrough: true }) res: Response): Promise<HealthReply | Pick<HealthReply, 'status'>> {
    const report = await this.readiness.run();
    res.status(report.status === 'ok' ? 200 : 503);
    return this.config.production ? { status: report.status } : report;
  }
}
