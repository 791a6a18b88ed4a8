import { Module } from '@nestjs/common';
import { UserErasedConsumer } from './user-erased.consumer.js';

/** Issue 26: payroll's part of an erasure. */
@Module({ providers: [UserErasedConsumer] })
export class PrivacyErasureModule {}
