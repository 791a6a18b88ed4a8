import type { Server } from 'node:http';
import { expect } from '@jest/globals';
import type { UserDto } from '@medtutor/contracts';
import { sql, type TestDatabase } from '@medtutor/nest-kit/testing';
import request from 'supertest';
import { sessionCookieFrom } from './test-gateway.js';

// What the booking and calendar-feed specs share: instants on the booking grid, a tutor free all
// week, and callers registered through the API (each request from a fresh address, so no
// per-address limit is reached).

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const STEP = 30 * 60_000;
/** The first start on the 30-minute booking grid at or after `ms`. */
export const onGrid = (ms: number) => Math.ceil(ms / STEP) * STEP;
export const iso = (ms: number) => new Date(ms).toISOString();
/** Availability body: every day, all day. */
export const allWeek = {
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
  exceptions: [],
};

export interface Caller {
  cookie: string;
  user: UserDto;
}

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Calls against the gateway's server and registrations through it; `identity` lets a registered
 * user become a tutor. Both are read at call time, as a spec's `beforeAll` sets them.
 */
export function bookingCallers(
  server: () => Server,
  identity: () => TestDatabase,
  { ipPrefix, emailPrefix }: { ipPrefix: string; emailPrefix: string },
) {
  let counter = 0;
  const freshIp = () => `${ipPrefix}.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`;
  const call = (method: Method, path: string, cookie?: string, body?: object) => {
    const req = request(server())[method](path).set('X-Forwarded-For', freshIp());
    if (cookie) req.set('Cookie', cookie);
    return body ? req.send(body) : req;
  };
  const registered = async ({
    firstName = 'Sam',
    role = 'student',
  }: { firstName?: string; role?: 'student' | 'tutor' } = {}): Promise<Caller> => {
    const suffix = `${++counter}${Math.random().toString(36).slice(2, 8)}`;
    const res = await call('post', '/api/register', undefined, {
      username: `${emailPrefix}${suffix}`,
      email: `${emailPrefix}${suffix}@example.com`,
      password: 'pass-word-1',
      firstName,
      lastName: 'Lee',
    });
    expect(res.status).toBe(201);
    const caller: Caller = { cookie: sessionCookieFrom(res) as string, user: res.body as UserDto };
    if (role === 'tutor') {
      await sql(identity(), `UPDATE users SET role = 'tutor' WHERE id = $1`, [caller.user.id]);
      const me = await call('get', '/api/user', caller.cookie);
      expect(me.body.role).toBe('tutor');
      caller.user = me.body as UserDto;
    }
    return caller;
  };
  return { freshIp, call, registered };
}
