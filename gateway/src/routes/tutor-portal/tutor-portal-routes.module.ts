import { Module } from '@nestjs/common';
import { TutorAccountsController } from './tutor-accounts.controller.js';
import { TutorPortalController } from './tutor-portal.controller.js';

@Module({ controllers: [TutorPortalController, TutorAccountsController] })
export class TutorPortalRoutesModule {}
