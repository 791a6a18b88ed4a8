import { Module } from '@nestjs/common';
import { LoggedHoursModule } from '../logged-hours/logged-hours.module.js';
import { TutorAccountsModule } from '../tutor-accounts/tutor-accounts.module.js';
import { PayslipsRepository } from './payslips.repository.js';
import { PayslipsRpcController } from './payslips.rpc-controller.js';
import { PayslipsService } from './payslips.service.js';

@Module({
  imports: [TutorAccountsModule, LoggedHoursModule],
  controllers: [PayslipsRpcController],
  providers: [PayslipsService, PayslipsRepository],
})
export class PayslipsModule {}
