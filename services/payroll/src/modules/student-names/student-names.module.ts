import { Module } from '@nestjs/common';
import { StudentNameChangedConsumer } from './student-name-changed.consumer.js';

/** payroll's read model of the students' names; the timesheet week reads it (LoggedHoursRepository). */
@Module({ providers: [StudentNameChangedConsumer] })
export class StudentNamesModule {}
