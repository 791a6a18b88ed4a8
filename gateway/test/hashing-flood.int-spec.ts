import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes, ServerMessages } from '@medtutor/contracts';
import type { Server } from 'node:http';
import request from 'supertest';
import {
  PASSWORD,
  PLATFORM_START_MS,
  PLATFORM_STOP_MS,
  type RealPlatform,
  startRealPlatform,
} from './support/real-platform.js';

/**
 * The attack of issue 24 point 4: a registration flood (each one an argon2id run) used to saturate
 * identity until the gateway's deadlines ran out, its circuit opened and every signed-in request
 * answered 503. Now identity's hashing pool refuses the excess at once (COMMON.OVERLOADED: 503 with
 * Retry-After, which the circuit does not count), and keeps a slot for sign-ins. The gateway and the
 * real identity; the registration limit per address is lifted, as a flood from many addresses would.
 */
/** Clients registering back to back, each as soon as its last answer came, until the sign-ins are done. */
const FLOODERS = 48;
const SIGN_INS = 8;

let platform: RealPlatform;
let server: Server;

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'hashing_flood',
    services: [],
    serviceEnv: { identity: { PASSWORD_HASHING_CONCURRENCY: '2' } },
    gatewayEnv: { RATE_LIMIT_REGISTER_IP: '10000/1h', RATE_LIMIT_LOGIN_EMAIL_IP: '100/1h' },
  });
  server = platform.server;
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

const register = (n: number) => {
  const name = `flood${n}x${Date.now().toString(36)}`;
  return request(server)
    .post('/api/register')
    .set('X-Forwarded-For', platform.freshIp())
    .send({ username: name, email: `${name}@example.com`, password: 'flood-pass-1' });
};

describe('a registration flood while an existing user signs in', () => {
  it('signs the user in every time, sheds registrations with 503 and Retry-After, and answers no 500', async () => {
    const { cookie, user } = await platform.signIn('student');

    let signingIn = true;
    let sent = 0;
    const registrations: request.Response[] = [];
    const flooder = async () => {
      do registrations.push(await register(++sent));
      while (signingIn);
    };
    const flood = Promise.all(Array.from({ length: FLOODERS }, flooder));
    const signIns: request.Response[] = [];
    const signedInRequests: request.Response[] = [];
    for (let n = 0; n < SIGN_INS; n++) {
      signIns.push(
        await request(server)
          .post('/api/login')
          .set('X-Forwarded-For', platform.freshIp())
          .send({ email: user.email, password: PASSWORD }),
      );
      signedInRequests.push(await request(server).get('/api/user').set('Cookie', cookie));
    }
    signingIn = false;
    await flood;

    expect(signIns.map((res) => res.status)).toEqual(signIns.map(() => 200));
    expect(signedInRequests.map((res) => res.status)).toEqual(signedInRequests.map(() => 200));
    const statuses = registrations.map((res) => res.status);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    const shed = registrations.filter((res) => res.status === 503);
    expect(shed.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    for (const res of shed) {
      expect(res.body).toEqual({ statusCode: 503, code: ErrorCodes.overloaded, message: ServerMessages.overloaded });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }

    // Shedding did not open identity's circuit: a registration after the flood goes through.
    const after = await register(++sent);
    expect(after.status).toBe(201);
  });
});
