import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { SessionValidityGuard } from './session-validity.guard.js';
import { SessionsService } from './sessions.service.js';

@Global()
@Module({
  providers: [SessionsService, SessionValidityGuard, { provide: APP_GUARD, useExisting: SessionValidityGuard }],
  exports: [SessionsService, SessionValidityGuard],
})
export class SessionsModule {}
