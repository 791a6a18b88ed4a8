import { Module } from '@nestjs/common';
import { StudentNamesModule } from '../student-names/student-names.module.js';
import { BookingsModule } from '../bookings/bookings.module.js';
import { PackageCreditService } from './package-credit.service.js';
import { PackageDetailsService } from './package-details.service.js';
import { PackageDisputesService } from './package-disputes.service.js';
import { PackageHoursService } from './package-hours.service.js';
import { PackageReadsService } from './package-reads.service.js';
import { PackageRefundsService } from './package-refunds.service.js';
import { PackagesRepository } from './packages.repository.js';
import { PackagesRpcController } from './packages.rpc-controller.js';
import { PaymentAdjustmentsRepository } from './payment-adjustments.repository.js';
import { PaymentAdjustmentsService } from './payment-adjustments.service.js';
import { PaymentDisputedConsumer } from './payment-disputed.consumer.js';
import { PaymentRefundedConsumer } from './payment-refunded.consumer.js';
import { PaymentSucceededConsumer } from './payment-succeeded.consumer.js';

@Module({
  imports: [StudentNamesModule, BookingsModule],
  controllers: [PackagesRpcController],
  providers: [
    PackagesRepository,
    PaymentAdjustmentsRepository,
    PackageReadsService,
    PackageDetailsService,
    PackageHoursService,
    PackageCreditService,
    PaymentAdjustmentsService,
    PackageRefundsService,
    PackageDisputesService,
    PaymentSucceededConsumer,
    PaymentRefundedConsumer,
    PaymentDisputedConsumer,
  ],
})
export class PackagesModule {}
