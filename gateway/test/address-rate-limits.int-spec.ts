import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@medtutor/contracts';
import type { Server } from 'node:http';
import request from 'supertest';
import { PLATFORM_START_MS, PLATFORM_STOP_MS, type RealPlatform, startRealPlatform } from './support/real-platform.js';

/**
 * The attack of issue 24 point 4: one subscriber's IPv6 /64 holds 2^64 addresses, so a limit keyed
 * on the full address is no limit. Every route with a per-address limit is sent to from different
 * addresses of one /64, each written its own way: after the limit they are refused together, while
 * another /64 still passes. The real services answer what gets through.
 */
const PER_ADDRESS = 3;

let platform: RealPlatform;
let server: Server;
let student: string;

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'address_limits',
    services: ['catalog-payments', 'tutoring', 'reviews'],
    gatewayEnv: {
      RATE_LIMIT_LOGIN_IP: `${PER_ADDRESS}/1h`,
      RATE_LIMIT_REGISTER_IP: `${PER_ADDRESS}/1h`,
      RATE_LIMIT_FORGOT_PASSWORD_IP: `${PER_ADDRESS}/1h`,
      RATE_LIMIT_CONSULTATIONS_IP: `${PER_ADDRESS}/1h`,
      RATE_LIMIT_TESTIMONIALS_IP: `${PER_ADDRESS}/1h`,
      RATE_LIMIT_PAYMENT_INTENTS_IP: `${PER_ADDRESS}/1h`,
      RATE_LIMIT_FREE_TRIAL_CHECKS_IP: `${PER_ADDRESS}/1h`,
    },
  });
  server = platform.server;
  student = (await platform.signIn('student')).cookie;
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

let network = 0;
/** A /64 of its own per test, `2001:db8:<n>::/64`, as its first four hextets. */
const nextNetwork = () => `2001:db8:${(++network).toString(16)}:0`;

/**
 * Address `i` of the /64 `prefix`, written as a client or a proxy might: compressed, in full with
 * leading zeros, in upper case. Each is a different address of the same network.
 */
function addressIn(prefix: string, i: number): string {
  const spellings = [
    () => `${prefix}::${i.toString(16)}`,
    () => `${prefix}:${(0xa000 + i).toString(16)}:0:0:${i.toString(16)}`,
    () =>
      `${prefix}:dead:beef:cafe:${i.toString(16).padStart(4, '0')}`.toUpperCase().replace(/^2001:DB8:/, '2001:0DB8:'),
  ];
  return spellings[i % spellings.length]!();
}

let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

interface LimitedRoute {
  name: string;
  /** What an allowed request answers. */
  allowed: number;
  send: (ip: string) => request.Test;
}

const routes: LimitedRoute[] = [
  {
    name: 'POST /api/login (failed sign-ins per address)',
    allowed: 401,
    send: (ip) =>
      request(server)
        .post('/api/login')
        .set('X-Forwarded-For', ip)
        .send({ email: `nobody${unique()}@example.com`, password: 'wrong-password-1' }),
  },
  {
    name: 'POST /api/register',
    allowed: 201,
    send: (ip) => {
      const name = `flood${unique()}`;
      return request(server)
        .post('/api/register')
        .set('X-Forwarded-For', ip)
        .send({ username: name, email: `${name}@example.com`, password: 'pass-word-1' });
    },
  },
  {
    name: 'POST /api/forgot-password',
    allowed: 200,
    send: (ip) =>
      request(server)
        .post('/api/forgot-password')
        .set('X-Forwarded-For', ip)
        .send({ email: `someone${unique()}@example.com` }),
  },
  {
    name: 'POST /api/consultations',
    allowed: 201,
    send: (ip) =>
      request(server).post('/api/consultations').set('X-Forwarded-For', ip).send({
        firstName: 'Sam',
        lastName: 'Jones',
        phone: '07700 900123',
        subjectInterest: 'Medical School Interviews',
        isParent: false,
      }),
  },
  {
    name: 'POST /api/testimonials',
    allowed: 201,
    send: (ip) =>
      request(server).post('/api/testimonials').set('X-Forwarded-For', ip).send({
        name: 'Sarah Johnson',
        title: 'Offer from my first choice',
        content: 'The mock interviews made all the difference.',
        rating: 5,
        email: 'sarah@example.com',
      }),
  },
  {
    name: 'POST /api/create-payment-intent',
    allowed: 200,
    send: (ip) =>
      request(server)
        .post('/api/create-payment-intent')
        .set('X-Forwarded-For', ip)
        .set('Cookie', student)
        .send({ subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP' }),
  },
  {
    name: 'POST /api/check-free-trial',
    allowed: 200,
    send: (ip) =>
      request(server)
        .post('/api/check-free-trial')
        .set('X-Forwarded-For', ip)
        .send({ email: `someone${unique()}@example.com`, phone: '07700 900123' }),
  },
];

const statusOf = async (call: request.Test) => (await call).status;

describe.each(routes)('$name', ({ allowed, send }) => {
  it('counts every address of one IPv6 /64 together, and no other /64 with it', async () => {
    const prefix = nextNetwork();
    for (let i = 1; i <= PER_ADDRESS; i++) {
      expect({ ip: addressIn(prefix, i), status: await statusOf(send(addressIn(prefix, i))) }).toEqual({
        ip: addressIn(prefix, i),
        status: allowed,
      });
    }

    const refused = await send(addressIn(prefix, 0xffff));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: ErrorCodes.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The neighbouring /64 is another subscriber.
    expect(await statusOf(send(addressIn(nextNetwork(), 1)))).toBe(allowed);
  });

  it('counts an IPv4 address and its IPv4-mapped IPv6 form together', async () => {
    const ip = platform.freshIp();
    for (let i = 1; i <= PER_ADDRESS; i++) {
      expect(await statusOf(send(i % 2 ? `::ffff:${ip}` : ip))).toBe(allowed);
    }
    expect(await statusOf(send(ip))).toBe(429);
    expect(await statusOf(send(`::FFFF:${ip}`))).toBe(429);
  });
});
