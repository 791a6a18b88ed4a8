import { Module } from '@nestjs/common';
import { TutorChangedConsumer } from './tutor-changed.consumer.js';
import { TutorDirectoryRepository } from './tutor-directory.repository.js';

@Module({ providers: [TutorChangedConsumer, TutorDirectoryRepository], exports: [TutorDirectoryRepository] })
export class TutorDirectoryModule {}
