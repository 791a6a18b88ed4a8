import helmet from 'helmet';
import type { Request, Response } from 'express';

/**
 * Helmet with a CSP for the shell, its remotes and Stripe.js: Stripe's script and iframes (card
 * fields, 3-D Secure) and its API; antd's CSS-in-JS injects <style> tags, hence 'unsafe-inline' for
 * styles only. No one may frame the site. HSTS only in production, where TLS is guaranteed.
 */
export function securityHeaders(production: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", 'https://js.stripe.com'],
        'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
        'connect-src': ["'self'", 'https://api.stripe.com'],
        'img-src': ["'self'", 'data:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        // Upgrading would break plain-HTTP local runs; production is HTTPS with HSTS anyway.
        'upgrade-insecure-requests': production ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
}

/**
 * The headers `securityHeaders` sets, worked out once: every directive above is a constant, so an
 * answer written without running the middleware (a public read from memory) carries exactly these.
 * Lower-case names, as Node keeps them.
 */
export function securityHeaderValues(production: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  let failure: unknown;
  securityHeaders(production)({} as Request, recorder as unknown as Response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
