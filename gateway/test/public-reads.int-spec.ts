import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Fixtures, type PublicTestimonialDto, type PublicTutorDto, Subjects } from '@medtutor/contracts';
import { eventually, sql } from '@medtutor/nest-kit/testing';
import request from 'supertest';
import {
  PASSWORD,
  PLATFORM_START_MS,
  PLATFORM_STOP_MS,
  type RealPlatform,
  startRealPlatform,
} from './support/real-platform.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './support/test-gateway.js';

/**
 * The public reads held in the gateway's memory (issue 27) with the real reviews and tutoring: page
 * views cost no service round trip, and a change an admin makes through **another** gateway replica
 * reaches this one by the owner's event alone (the replica that made it drops its own copy as it answers).
 */
let platform: RealPlatform;
let server: Server;
let otherReplica: GatewayUnderTest;
let otherServer: Server;
let adminOnOther: string;

/** An admin signed in on the other replica (each test gateway keeps its sessions under its own prefix). */
async function adminOn(http: Server): Promise<string> {
  const name = `admin${Date.now()}`;
  const registered = await request(http)
    .post('/api/register')
    .set('X-Forwarded-For', platform.freshIp())
    .send({ username: name, email: `${name}@example.com`, password: PASSWORD, dateOfBirth: Fixtures.adultDateOfBirth });
  await sql(platform.databases.identity!, `UPDATE users SET role = 'admin' WHERE id = $1`, [registered.body.id]);
  const login = await request(http)
    .post('/api/login')
    .set('X-Forwarded-For', platform.freshIp())
    .send({ email: `${name}@example.com`, password: PASSWORD });
  return sessionCookieFrom(login)!;
}

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'public_reads',
    services: ['reviews', 'tutoring'],
    watch: [Subjects.reviews.listApprovedTestimonials, Subjects.tutoring.listPublicTutors],
  });
  server = platform.server;
  otherReplica = await startGatewayOn(platform.nats.url, { env: { TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000' } });
  otherServer = otherReplica.app.getHttpServer() as Server;
  adminOnOther = await adminOn(otherServer);
}, PLATFORM_START_MS);

afterAll(async () => {
  await otherReplica?.close();
  await platform?.close();
}, PLATFORM_STOP_MS);

const testimonials = async (http = server) =>
  (await request(http).get('/api/testimonials')).body as PublicTestimonialDto[];
const tutors = async (http = server) => (await request(http).get('/api/tutors')).body as PublicTutorDto[];

async function publishedStory(title: string): Promise<number> {
  const submitted = await request(server)
    .post('/api/testimonials')
    .set('X-Forwarded-For', platform.freshIp())
    .send({ name: 'Sarah Johnson', title, content: 'The mock interviews helped.', rating: 5, email: 's@example.com' });
  const id = submitted.body.id as number;
  expect((await request(otherServer).patch(`/api/testimonials/${id}/approve`).set('Cookie', adminOnOther)).status).toBe(
    200,
  );
  return id;
}

describe('public reads from memory', () => {
  it('answer page views without asking the services', async () => {
    await eventually(async () => (await request(server).get('/api/tutors')).status === 200, 10_000, 'tutor cards');
    const [stories, cards] = await Promise.all([
      platform.requests.count(Subjects.reviews.listApprovedTestimonials),
      platform.requests.count(Subjects.tutoring.listPublicTutors),
    ]);
    for (let view = 0; view < 10; view++) {
      expect((await request(server).get('/api/testimonials')).status).toBe(200);
      expect((await request(server).get('/api/tutors')).status).toBe(200);
    }
    expect(await platform.requests.count(Subjects.reviews.listApprovedTestimonials)).toBe(stories);
    expect(await platform.requests.count(Subjects.tutoring.listPublicTutors)).toBe(cards);
  });

  it('carry an entity tag and a short shared-cache lifetime, answer 304 to a current copy, and never a cookie', async () => {
    const { cookie } = await platform.signIn('student');
    const res = await request(server).get('/api/tutors').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=15');
    expect(res.headers['set-cookie']).toBeUndefined();
    const etag = res.headers.etag as string;
    const again = await request(server).get('/api/tutors').set('Cookie', cookie).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.headers['set-cookie']).toBeUndefined();
    // The other replica holds the same bytes, so the same tag.
    expect((await request(otherServer).get('/api/tutors')).headers.etag).toBe(etag);
  });
});

describe('a change made through another replica', () => {
  it('reaches this one with the approval event', async () => {
    const title = `Approved elsewhere ${Date.now()}`;
    await testimonials();
    const started = Date.now();
    const id = await publishedStory(title);
    await eventually(async () => (await testimonials()).some((story) => story.id === id), 5_000, 'the story');
    console.info(`approval on one replica shown by the other after ${Date.now() - started} ms`);
  });

  it("reaches this one with reviews' event when a published story is deleted", async () => {
    const id = await publishedStory(`Deleted elsewhere ${Date.now()}`);
    await eventually(async () => (await testimonials()).some((story) => story.id === id), 5_000, 'the story');
    expect((await request(otherServer).delete(`/api/testimonials/${id}`).set('Cookie', adminOnOther)).status).toBe(200);
    await eventually(async () => !(await testimonials()).some((story) => story.id === id), 5_000, 'the story gone');
  });

  it("reaches this one with tutoring's tutor_changed event", async () => {
    const [card] = await tutors();
    expect(card).toBeDefined();
    const name = `Renamed ${Date.now()}`;
    const renamed = await request(otherServer)
      .patch(`/api/admin/tutors/${card!.id}`)
      .set('Cookie', adminOnOther)
      .send({ name });
    expect(renamed.status).toBe(200);
    // The replica that made the change shows it as soon as it has answered.
    expect((await tutors(otherServer)).find((tutor) => tutor.id === card!.id)?.name).toBe(name);
    await eventually(
      async () => (await tutors()).find((tutor) => tutor.id === card!.id)?.name === name,
      5_000,
      'the new name',
    );
  });
});
