/**
 * Issue 26 point 5: every cookie the site sets, as the privacy policy lists them. Only strictly
 * necessary cookies exist, so no consent banner is shown (docs/adr/0073-age-and-guardian-consent.md); anything else added
 * here must wait behind one. `gateway/test/cookies.int-spec.ts` and `e2e/guardian-consent.spec.ts`
 * check that the site sets no cookie missing from this list.
 */
export interface SiteCookie {
  /** The name in production; `localName` where local and test runs differ (no HTTPS, no `__Host-`). */
  name: string;
  localName?: string;
  setBy: 'MedPath Tutors' | 'Stripe';
  purpose: string;
  lifetime: string;
}

export const SiteCookies: readonly SiteCookie[] = [
  {
    name: '__Host-sid',
    localName: 'sid',
    setBy: 'MedPath Tutors',
    purpose:
      'Keeps you signed in. It holds only a random session identifier; it is sent only to this site, over HTTPS, and cannot be read by scripts. Visitors who are not signed in do not get it.',
    lifetime: 'Ends after 2 hours without activity, 7 days after signing in at the latest, or when you log out.',
  },
  {
    name: '__stripe_mid',
    setBy: 'Stripe',
    purpose:
      'Set by our payment provider on the checkout page when you pay by card, to detect and prevent fraudulent payments.',
    lifetime: '1 year',
  },
  {
    name: '__stripe_sid',
    setBy: 'Stripe',
    purpose: 'Set by our payment provider on the checkout page, with the cookie above, to prevent fraud.',
    lifetime: '30 minutes',
  },
];

/** The names our own server sets (the session cookie), in production or in a local run. */
export const serverCookieNames = (production: boolean): string[] =>
  SiteCookies.filter((cookie) => cookie.setBy === 'MedPath Tutors').map((cookie) =>
    production ? cookie.name : (cookie.localName ?? cookie.name),
  );
