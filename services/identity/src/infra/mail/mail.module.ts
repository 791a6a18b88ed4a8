import { Module } from '@nestjs/common';
import { MailOutboxRepository } from './mail-outbox.repository.js';
import { MailRelay } from './mail-relay.js';
import { Mailer } from './mailer.js';

@Module({
  providers: [Mailer, MailOutboxRepository, MailRelay],
  exports: [MailOutboxRepository, MailRelay],
})
export class MailModule {}
