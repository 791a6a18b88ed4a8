import { Module } from '@nestjs/common';
import { AdminPayslipsController } from './admin-payslips.controller.js';

@Module({ controllers: [AdminPayslipsController] })
export class PayrollRoutesModule {}
