import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import { PublicTestimonialListSchema } from '@medtutor/contracts';
import { ensureStreams } from '@medtutor/nest-kit';
import { eventually, type ServiceProcess, type TestDatabase } from '@medtutor/nest-kit/testing';
import { connect } from '@nats-io/transport-node';
import request from 'supertest';
import { serviceDatabase, sql, startBuiltService } from './support/real-services.js';
import { signIn, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * The verified-purchase badge through the gateway and the real reviews service (its build, as a
 * process): the badge follows the signed-in session that submitted the story, never the typed email.
 */
let gateway: TestGateway;
let server: Server;
let db: TestDatabase;
let reviews: ServiceProcess;

beforeAll(async () => {
  gateway = await startTestGateway({ env: { TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000' } });
  server = gateway.app.getHttpServer();
  db = await serviceDatabase('reviews', 'gw_reviews_verified');
  // Reviews waits for the payments stream, which catalog-payments (not running here) declares.
  const nc = await connect({ servers: gateway.config.natsUrl });
  await ensureStreams(nc);
  await nc.close();
  reviews = await startBuiltService('reviews', gateway.config.natsUrl, { REVIEWS_DATABASE_URL: db.url });
  // The fakes answer every health subject, so readiness is when reviews itself answers a route.
  await eventually(
    async () => (await request(server).get('/api/testimonials')).status === 200,
    60_000,
    'reviews to answer',
  );
}, 90_000);

afterAll(async () => {
  await reviews?.stop();
  await gateway?.close();
  await db?.drop();
}, 30_000);

let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

const story = (email: string) => ({
  name: 'Sarah Johnson',
  title: 'Offer from my first choice',
  content: 'The mock interviews made all the difference.',
  rating: 5,
  email,
});

async function submit(body: object, cookie?: string): Promise<number> {
  const call = request(server).post('/api/testimonials').set('X-Forwarded-For', nextIp());
  const res = await (cookie ? call.set('Cookie', cookie) : call).send(body);
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** The payments consumer's effect, written directly: no route records a payment. */
const recordPayment = (userId: number) =>
  sql(db, 'INSERT INTO paid_users (user_id, first_paid_at) VALUES ($1, now())', [userId]);

describe('POST /api/testimonials → GET /api/testimonials: the verified-purchase badge', () => {
  it("marks the paying student's own story, not a visitor's story typed with that student's email", async () => {
    const buyer = await signIn(gateway, 'student');
    await recordPayment(buyer.user.id);
    const admin = (await signIn(gateway, 'admin')).cookie;

    const own = await submit(story('another.address@example.com'), buyer.cookie);
    const impostor = await submit({ ...story(buyer.user.email), verifiedPurchase: true, submittedBy: buyer.user.id });
    for (const id of [own, impostor]) {
      expect((await request(server).patch(`/api/testimonials/${id}/approve`).set('Cookie', admin)).status).toBe(200);
    }

    const listed = PublicTestimonialListSchema.parse((await request(server).get('/api/testimonials')).body);
    expect(listed.find((row) => row.id === own)?.verifiedPurchase).toBe(true);
    expect(listed.find((row) => row.id === impostor)?.verifiedPurchase).toBe(false);
  });

  it('gives no badge to a signed-in student who has not paid, whatever email they type', async () => {
    const payer = await signIn(gateway, 'student');
    await recordPayment(payer.user.id);
    const student = await signIn(gateway, 'student');
    const admin = (await signIn(gateway, 'admin')).cookie;

    const id = await submit(story(payer.user.email), student.cookie);
    const approved = await request(server).patch(`/api/testimonials/${id}/approve`).set('Cookie', admin);

    expect(approved.body).toMatchObject({ id, verifiedPurchase: false });
  });
});
