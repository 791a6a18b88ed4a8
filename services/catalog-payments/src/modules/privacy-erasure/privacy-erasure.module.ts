import { Module } from '@nestjs/common';
import { PrivacyErasureRepository } from './privacy-erasure.repository.js';
import { UserErasedConsumer } from './user-erased.consumer.js';

/** Issue 26: catalog-payments' part of an erasure. */
@Module({ providers: [PrivacyErasureRepository, UserErasedConsumer] })
export class PrivacyErasureModule {}
