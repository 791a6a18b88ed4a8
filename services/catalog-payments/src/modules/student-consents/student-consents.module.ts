import { Module } from '@nestjs/common';
import { PaymentEligibility } from './payment-eligibility.js';
import { StudentConsentChangedConsumer } from './student-consent-changed.consumer.js';
import { StudentConsentsRepository } from './student-consents.repository.js';

@Module({
  providers: [StudentConsentsRepository, StudentConsentChangedConsumer, PaymentEligibility],
  exports: [PaymentEligibility],
})
export class StudentConsentsModule {}
