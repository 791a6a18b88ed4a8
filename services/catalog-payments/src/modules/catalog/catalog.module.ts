import { Module } from '@nestjs/common';
import { CatalogRpcController } from './catalog.rpc-controller.js';
import { CatalogService } from './catalog.service.js';

@Module({
  controllers: [CatalogRpcController],
  providers: [CatalogService],
  exports: [CatalogService],
})
export class CatalogModule {}
