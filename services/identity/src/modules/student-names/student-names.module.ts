import { Module } from '@nestjs/common';
import { StudentNamesRepository } from './student-names.repository.js';
import { StudentNamesService } from './student-names.service.js';

@Module({ providers: [StudentNamesRepository, StudentNamesService] })
export class StudentNamesModule {}
