import { Module } from '@nestjs/common';
import { RateLimitsModule } from '../../rate-limits/rate-limits.module.js';
import { PrivacyExportController } from './privacy-export.controller.js';

@Module({ imports: [RateLimitsModule], controllers: [PrivacyExportController] })
export class PrivacyExportRoutesModule {}
