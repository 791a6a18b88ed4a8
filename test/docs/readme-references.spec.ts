import { describe, expect, it } from '@jest/globals';
import { referenceProblems } from '../../scripts/docs/references.mjs';

const code = new Set(['MailKitModule', 'forService', 'enqueueMail', 'EventTypes', 'hoursUsed', 'writeOutbox']);
const strings = new Set(['SMTP_URL']);
const files = new Set(['src/mail/mail-config.ts', '../../docs/architecture.md', 'infra/nats/authorization.conf']);
const exists = (target: string) => files.has(target);
const check = (text: string) => referenceProblems({ file: 'README.md', text, code, strings, exists });

/** The docs check of the packages' READMEs (scripts/docs/generate.mjs): what they name must exist. */
describe('scripts/docs/references.mjs', () => {
  it('accepts names the sources declare or use, and files that exist', () => {
    const text = [
      'Queue with `enqueueMail`, wire `MailKitModule.forService()`, set `SMTP_URL`.',
      'See [the picture](../../docs/architecture.md#events) and `infra/nats/authorization.conf`.',
      '```ts',
      'await writeOutbox(tx, newThing(EventTypes.hoursUsed));',
      'tx.payment.update({ data });',
      '```',
    ].join('\n');
    expect(check(text)).toEqual(['README.md: `newThing` is named, but no source declares or uses it']);
  });

  it('reports a renamed function, member or setting quoted in prose', () => {
    expect(check('Call `queueMail`, then `MailKitModule.register`; set `SMTP_ADDRESS`.')).toEqual([
      'README.md: `queueMail` is named, but no source declares or uses it',
      'README.md: `register` is named, but no source declares or uses it',
      'README.md: `SMTP_ADDRESS` is named, but no source declares or uses it',
    ]);
  });

  it('reports links and cited files that do not exist', () => {
    expect(check('See [old](ARCHITECTURE.md) and `src/mail/mail-settings.ts`.')).toEqual([
      'README.md: link to ARCHITECTURE.md, which does not exist',
      'README.md: `src/mail/mail-settings.ts` names a file that does not exist',
    ]);
  });

  it('leaves plain words, placeholders, commands and web addresses alone', () => {
    const text =
      'Run `npm run events -- provision`, subject `deadletter.<durable>`, `tx`, `<AREA>.<CODE>`, ' +
      '`smtp://host:587?requireTLS=true`, [Stripe](https://stripe.com/docs), `@medtutor/contracts`.';
    expect(check(text)).toEqual([]);
  });
});
