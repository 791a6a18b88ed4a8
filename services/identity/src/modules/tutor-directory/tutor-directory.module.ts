import { Module } from '@nestjs/common';
import { TutorChangedConsumer } from './tutor-changed.consumer.js';
import { TutorDirectoryRepository } from './tutor-directory.repository.js';
import { TutorStatusRpcController } from './tutor-status.rpc-controller.js';

@Module({
  controllers: [TutorStatusRpcController],
  providers: [TutorChangedConsumer, TutorDirectoryRepository],
  exports: [TutorDirectoryRepository],
})
export class TutorDirectoryModule {}
