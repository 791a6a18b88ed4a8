// The accounts and data the HTTP benches need, made through the public API like a user would.
import { adminCookie, post } from '../web/session.mjs';

const BENCH_PASSWORD = 'bench-http-student-1';

/** `count` new adult students (issue 26: adults may pay without a guardian), registered one by one. */
export async function registerStudents(baseUrl, count) {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const accounts = [];
  for (let i = 0; i < count; i++) {
    const account = { email: `bench-http-${run}-${i}@example.com`, password: BENCH_PASSWORD };
    await post(baseUrl, '/api/register', {
      username: `benchhttp${run}${i}`,
      ...account,
      dateOfBirth: '1990-01-01',
    });
    accounts.push(account);
  }
  return accounts;
}

/** A signed-in Cookie header for `account` (the session cookie only). */
export async function signIn(baseUrl, account) {
  const reply = await post(baseUrl, '/api/login', account);
  return reply.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

/**
 * At least `count` approved success stories, so the public list is the size a real page shows:
 * submitted as visitors, approved by the seeded admin.
 */
export async function seedTestimonials(baseUrl, count) {
  const published = await (await fetch(new URL('/api/testimonials', baseUrl))).json();
  const missing = count - published.length;
  if (missing <= 0) return;
  const admin = await adminCookie(baseUrl);
  for (let i = 0; i < missing; i++) {
    const reply = await post(baseUrl, '/api/testimonials', {
      name: `Bench Student ${i}`,
      title: 'UCAT 2026',
      content: 'The sessions were structured, patient and honest about what to work on. I felt ready on the day.',
      rating: 5,
      email: `bench-story-${i}@example.com`,
    });
    const { id } = await reply.json();
    const approved = await fetch(new URL(`/api/testimonials/${id}/approve`, baseUrl), {
      method: 'PATCH',
      headers: { cookie: admin },
    });
    if (!approved.ok) throw new Error(`approving story ${id} answered ${approved.status}`);
  }
}
