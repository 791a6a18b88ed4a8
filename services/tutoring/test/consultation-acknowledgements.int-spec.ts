import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FreeTrialSubjectPrefix, Subjects } from '@medtutor/contracts';
import { eventually, sql } from '@medtutor/nest-kit/testing';
import { rpc, startTutoring, TEAM_EMAIL } from './support/harness.js';

type Service = Awaited<ReturnType<typeof startTutoring>>;

/**
 * The acknowledgement a requester gets: fixed text (nothing they typed goes back out), and at most
 * one a day per address, while the team is alerted of every request.
 */
describe('consultation and free-trial acknowledgements', () => {
  let service: Service;
  let call: ReturnType<typeof rpc>['call'];

  beforeAll(async () => {
    service = await startTutoring('tutoring_acks');
    ({ call } = rpc(service));
  }, 60_000);

  afterAll(() => service.stop());

  let counter = 0;
  const request = (email: string, fields: Record<string, unknown> = {}) => ({
    firstName: 'Zebedee',
    lastName: 'Quillfeather',
    email,
    phone: '07700 900456',
    subjectInterest: 'Medical School Interviews',
    additionalInfo: `Win a prize at http://spam.example/claim-${++counter}`,
    isParent: true,
    ...fields,
  });
  const submit = (body: Record<string, unknown>) => call(Subjects.tutoring.submitConsultation, body, null);

  /** Queued emails to `to` (any case): written in the request's own transaction, so counted at once. */
  const queuedTo = async (to: string) =>
    (
      await sql<{ n: number }>(
        service.db.url,
        'SELECT count(*)::int AS n FROM outbound_emails WHERE lower(to_address) = lower($1)',
        [to],
      )
    )[0]!.n;
  const deliveredTo = async (to: string) => {
    const files = (await readdir(service.mailDir)).filter((file) => file.endsWith('.json'));
    const emails = await Promise.all(
      files.map(
        async (file) =>
          JSON.parse(await readFile(join(service.mailDir, file), 'utf8')) as Record<
            'to' | 'subject' | 'text' | 'html',
            string
          >,
      ),
    );
    return emails.filter((email) => email.to === to);
  };

  it('holds none of what the visitor typed: no name, subject, message, phone or address in any part', async () => {
    const consultation = request('typed.fields@example.com', {
      firstName: '<b>Eve</b>',
      lastName: 'Mallory-Sender',
      subjectInterest: 'Medical School Support',
      additionalInfo: 'Click http://phish.example/login to claim your refund',
      phone: '+44 7700 900777',
    });
    const freeTrial = request('typed.trial@example.com', {
      firstName: 'Ophelia',
      lastName: 'Trialson',
      subjectInterest: `${FreeTrialSubjectPrefix}UCAT`,
      additionalInfo: 'Reply to me at evil@attacker.example',
      phone: '07700 900888',
    });
    await submit(consultation);
    await submit(freeTrial);

    for (const sent of [consultation, freeTrial]) {
      const [ack] = await eventually(
        async () => {
          const found = await deliveredTo(sent.email);
          return found.length ? found : undefined;
        },
        15_000,
        `the acknowledgement to ${sent.email}`,
      );
      const typed = [
        sent.firstName,
        sent.lastName,
        sent.additionalInfo,
        sent.phone,
        String(sent.subjectInterest).replace(FreeTrialSubjectPrefix, ''),
        sent.email,
        'Eve',
        'phish.example',
        'attacker.example',
      ] as string[];
      for (const part of [ack!.subject, ack!.text, ack!.html]) {
        for (const value of typed) expect(part).not.toContain(value);
      }
      expect(ack!.text).toContain('within 24 hours');
    }
  });

  it('acknowledges an address once a day; the team still hears of every request; another address gets its own', async () => {
    const email = 'Repeat.Requester@example.com';
    const alertsBefore = await queuedTo(TEAM_EMAIL);

    await submit(request(email));
    expect(await queuedTo(email)).toBe(1);
    await submit(request(email.toUpperCase(), { subjectInterest: `${FreeTrialSubjectPrefix}UCAT` }));
    await submit(request(` ${email.toLowerCase()} `));

    expect(await queuedTo(email)).toBe(1);
    expect(await queuedTo(TEAM_EMAIL)).toBe(alertsBefore + 3);
    await submit(request('someone.else@example.com'));
    expect(await queuedTo('someone.else@example.com')).toBe(1);
  });

  it('acknowledges the address again once a day has passed since the last acknowledgement', async () => {
    const email = 'next.day@example.com';
    await submit(request(email));
    await submit(request(email));
    expect(await queuedTo(email)).toBe(1);

    await sql(service.db.url, `UPDATE acknowledgements SET sent_at = sent_at - interval '25 hours'`);
    await submit(request(email));
    expect(await queuedTo(email)).toBe(2);
  });

  it('sends one acknowledgement for requests arriving together from one address', async () => {
    const email = 'all.at.once@example.com';
    await Promise.all(Array.from({ length: 5 }, () => submit(request(email))));

    expect(await queuedTo(email)).toBe(1);
  });
});
