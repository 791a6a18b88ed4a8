// Signed-in sessions for the dashboard routes: a new student registered through the API, and the
// administrator the local system seeds (SEED_ADMIN_*, as scripts/lib/local-env.sh sets them).
import { Secret, TOTP } from 'otpauth';

/** The `name=value` pairs of a reply's Set-Cookie headers, merged over earlier ones, as a Cookie header. */
function mergeCookies(previous, reply) {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair]),
  );
  for (const header of reply.headers.getSetCookie()) {
    const pair = header.split(';')[0].trim();
    jar.set(pair.slice(0, pair.indexOf('=')), pair);
  }
  return [...jar.values()].join('; ');
}

/** A JSON POST to the system; anything but a 2xx throws with the status and body. */
export async function post(baseUrl, path, body, cookie = '') {
  const reply = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`POST ${path} answered ${reply.status}: ${await reply.text()}`);
  return reply;
}

/** A Cookie header signed in as a new student (each run registers its own account). */
export async function studentCookie(baseUrl) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const reply = await post(baseUrl, '/api/register', {
    username: `benchweb${stamp}`,
    email: `bench-web-${stamp}@example.com`,
    password: 'bench-web-student-1',
    // An adult (issue 26): a student under 18, or without a date of birth, may not pay until consent.
    dateOfBirth: '1990-01-01',
  });
  return mergeCookies('', reply);
}

/**
 * A Cookie header signed in as the seeded administrator. An admin with two-factor authentication
 * needs its authenticator secret in BENCH_ADMIN_TOTP_SECRET (base32), from which the code is made.
 */
export async function adminCookie(baseUrl) {
  const credentials = {
    email: process.env.SEED_ADMIN_EMAIL ?? 'admin@medpath.local',
    password: process.env.SEED_ADMIN_PASSWORD ?? 'ChangeMe-Admin-2026',
  };
  const login = await post(baseUrl, '/api/login', credentials);
  let cookie = mergeCookies('', login);
  if (login.status !== 202) return cookie;
  const { secondFactor } = await login.json();
  const secret = process.env.BENCH_ADMIN_TOTP_SECRET;
  if (secondFactor !== 'verify' || !secret) {
    throw new Error(
      `the admin sign-in asks for two-factor ${secondFactor}: enrol the admin and set BENCH_ADMIN_TOTP_SECRET to its secret`,
    );
  }
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  cookie = mergeCookies(cookie, await post(baseUrl, '/api/auth/2fa/verify', { code }, cookie));
  return cookie;
}

/** The Cookie header each kind of signed-in route needs, made once per run. */
export function sessions(baseUrl) {
  const made = new Map();
  const makers = { student: studentCookie, admin: adminCookie };
  return (who) => {
    if (!made.has(who)) made.set(who, makers[who](baseUrl));
    return made.get(who);
  };
}
