import { Global, Module } from '@nestjs/common';
import { PublicReadsService } from './public-reads.service.js';

@Global()
@Module({ providers: [PublicReadsService], exports: [PublicReadsService] })
export class PublicReadsModule {}
