import { Module } from '@nestjs/common';
import { StudentNameChangedConsumer } from './student-name-changed.consumer.js';
import { StudentNamesRepository } from './student-names.repository.js';

@Module({
  providers: [StudentNamesRepository, StudentNameChangedConsumer],
  exports: [StudentNamesRepository],
})
export class StudentNamesModule {}
