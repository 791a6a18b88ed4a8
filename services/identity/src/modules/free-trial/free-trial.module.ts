import { Module } from '@nestjs/common';
import { FreeTrialConsumer } from './free-trial.consumer.js';

@Module({ providers: [FreeTrialConsumer] })
export class FreeTrialModule {}
