import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AgeMessages, ConsentMessages, ErrorCodes, Fixtures, type RegisterBody, ukDateOf } from '@medtutor/contracts';
import { eventually, sql } from '@medtutor/nest-kit/testing';
import request from 'supertest';
import { sessionCookieFrom } from './support/test-gateway.js';
import { PLATFORM_START_MS, PLATFORM_STOP_MS, type RealPlatform, startRealPlatform } from './support/real-platform.js';

/**
 * Issue 26 through the gateway: registration by age, the payment intent refused until a guardian
 * consents (catalog-payments decides from its read model of identity's events), the guardian's
 * emailed link, and the routes that give a date of birth later or send the request again.
 */
let platform: RealPlatform;

beforeAll(async () => {
  platform = await startRealPlatform({ label: 'guardian_consent', services: ['catalog-payments', 'tutoring'] });
}, PLATFORM_START_MS);

afterAll(async () => {
  await platform?.close();
}, PLATFORM_STOP_MS);

const bornYearsAgo = (years: number, days = 0) => {
  const today = new Date(`${ukDateOf(new Date())}T12:00:00Z`);
  today.setUTCDate(today.getUTCDate() - days);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  return today.toISOString().slice(0, 10);
};

let accounts = 0;
/** Registers a new student with `extra` fields; answers the response and its session cookie. */
async function register(extra: Partial<RegisterBody> = {}) {
  const name = `consent${++accounts}${Date.now().toString(36)}`;
  const res = await request(platform.server)
    .post('/api/register')
    .set('X-Forwarded-For', platform.freshIp())
    .send({ username: name, email: `${name}@example.com`, password: 'correct-horse-7', firstName: 'Mia', ...extra });
  return { res, cookie: sessionCookieFrom(res) ?? '', email: `${name}@example.com` };
}

const createIntent = (cookie: string) =>
  request(platform.server)
    .post('/api/create-payment-intent')
    .set('Cookie', cookie)
    .set('X-Forwarded-For', platform.freshIp())
    .send({ subject: 'Medical School Interviews', packageType: 'package5' });

/** The consent token in the newest email to `to` in the services' mail folder. */
async function consentToken(to: string, nth = 1): Promise<string> {
  return eventually(
    async () => {
      const files = (await readdir(platform.mailDir)).filter((name) => name.endsWith('.json')).sort();
      const tokens: string[] = [];
      for (const file of files) {
        const mail = JSON.parse(await readFile(join(platform.mailDir, file), 'utf8')) as { to: string; text: string };
        const token = /\/guardian-consent\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
        if (mail.to === to && token) tokens.push(token);
      }
      return tokens[nth - 1];
    },
    15_000,
    `consent email ${nth} to ${to}`,
  );
}

describe('registration', () => {
  it('refuses a 12-year-old with a 400 and the message, and signs nobody in', async () => {
    const { res } = await register({ dateOfBirth: bornYearsAgo(12, 100) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: ErrorCodes.validationFailed, message: AgeMessages.tooYoung });
    expect(sessionCookieFrom(res)).toBeUndefined();
  });

  it('needs the guardian of a 13–17-year-old', async () => {
    const { res } = await register({ dateOfBirth: bornYearsAgo(16) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AgeMessages.guardianNameRequired);
  });
});

describe('paying under 18', () => {
  it('refuses the payment intent until the guardian consents through the emailed link, then takes it', async () => {
    const guardianEmail = `guardian${Date.now()}@example.com`;
    const { res, cookie } = await register({ dateOfBirth: bornYearsAgo(15), guardianName: 'Pat Lee', guardianEmail });
    expect(res.status).toBe(201);

    const refused = await createIntent(cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: ErrorCodes.guardianConsentRequired,
      message: ConsentMessages.paymentNeedsConsent,
    });

    const token = await consentToken(guardianEmail);
    const details = await request(platform.server).post('/api/guardian-consent/details').send({ token });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ studentFirstName: 'Mia', guardianName: 'Pat Lee' });

    const consented = await request(platform.server).post('/api/guardian-consent').send({ token });
    expect(consented.status).toBe(200);
    expect(consented.body).toEqual({ state: 'consent_given', message: ConsentMessages.consentRecorded });
    const again = await request(platform.server).post('/api/guardian-consent').send({ token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ConsentMessages.linkInvalid);

    // catalog-payments learns of the consent from identity's event.
    await eventually(async () => (await createIntent(cookie)).status === 200, 15_000, 'the payment intent');
  });

  it('asks a student without a date of birth for it, then lets an adult pay', async () => {
    const { res, cookie } = await register();
    expect(res.status).toBe(201);
    const refused = await createIntent(cookie);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: ErrorCodes.dateOfBirthRequired,
      message: ConsentMessages.paymentNeedsDateOfBirth,
    });
    const given = await request(platform.server)
      .post('/api/me/date-of-birth')
      .set('Cookie', cookie)
      .send({ dateOfBirth: Fixtures.adultDateOfBirth });
    expect(given.status).toBe(200);
    expect(given.body).toEqual({ state: 'adult', message: ConsentMessages.dateOfBirthSaved });
    const twice = await request(platform.server)
      .post('/api/me/date-of-birth')
      .set('Cookie', cookie)
      .send({ dateOfBirth: Fixtures.adultDateOfBirth });
    expect(twice.status).toBe(409);
    await eventually(async () => (await createIntent(cookie)).status === 200, 15_000, 'the payment intent');
  });

  it('sends the request again at most once a minute, by the student or an admin, and lists the state for admins', async () => {
    const guardianEmail = `again${Date.now()}@example.com`;
    const { cookie, res } = await register({ dateOfBirth: bornYearsAgo(14), guardianName: 'Pat Lee', guardianEmail });
    await consentToken(guardianEmail);
    const tooSoon = await request(platform.server).post('/api/me/guardian-consent/resend').set('Cookie', cookie);
    expect(tooSoon.status).toBe(429);

    const admin = await platform.signIn('admin');
    const listed = await request(platform.server).get('/api/admin/users').set('Cookie', admin.cookie);
    const entry = (listed.body as Array<{ id: number; consent: unknown }>).find((user) => user.id === res.body.id);
    expect(entry?.consent).toEqual({ state: 'awaiting_consent', consentGivenAt: null });

    // A minute later, as far as the cooldown can tell.
    await sql(
      platform.databases.identity!,
      "UPDATE guardian_consent_links SET created_at = now() - interval '2 minutes'",
    );
    const byAdmin = await request(platform.server)
      .post(`/api/admin/students/${res.body.id}/guardian-consent/resend`)
      .set('Cookie', admin.cookie);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toEqual({ state: 'awaiting_consent', message: ConsentMessages.requestSent });
    expect(await consentToken(guardianEmail, 2)).toEqual(expect.any(String));

    const notAdmin = await request(platform.server)
      .post(`/api/admin/students/${res.body.id}/guardian-consent/resend`)
      .set('Cookie', cookie);
    expect(notAdmin.status).toBe(403);
  });
});
