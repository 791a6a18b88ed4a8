import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller.js';
import { DiscountCodesController } from './discount-codes.controller.js';

@Module({ controllers: [CatalogController, DiscountCodesController] })
export class CatalogPaymentsRoutesModule {}
