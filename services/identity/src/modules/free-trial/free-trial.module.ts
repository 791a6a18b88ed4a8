import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { FreeTrialConsumer } from './free-trial.consumer.js';

@Module({ imports: [UsersModule], providers: [FreeTrialConsumer] })
export class FreeTrialModule {}
