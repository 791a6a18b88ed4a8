/**
 * What must never reach a log line: the secrets that travel in URLs (reset and invitation tokens,
 * calendar feed tokens, Stripe client secrets, OAuth codes, passwords) and Stripe's own secret formats wherever they
 * appear. Applied to every logged URL, message and field, so no call site has to remember.
 */
export const SECRET_QUERY_PARAMS = [
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'payment_intent_client_secret',
  'setup_intent_client_secret',
  'code',
  'password',
  'secret',
  'signature',
  'api_key',
  'key',
] as const;

export const REDACTED = '[redacted]';

const params = SECRET_QUERY_PARAMS.join('|');
/** `name=value` after `?`, `&`, `;` or `#` (fragments carry tokens too), up to the next separator. */
const SECRET_PARAM = new RegExp(`([?&;#](?:${params})=)[^&;#\\s"'<>]*`, 'gi');
/** Stripe: PaymentIntent and SetupIntent client secrets, secret and restricted keys, webhook secrets. */
const STRIPE_SECRET =
  /\b(?:(?:pi|seti)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+|(?:sk|rk)_(?:live|test)_[A-Za-z0-9]+|whsec_[A-Za-z0-9]+)/g;

/** A private calendar feed's token, which is the path itself: `/calendar/<token>.ics`. */
const CALENDAR_FEED_TOKEN = /(\/calendar\/)[^/?#\s"'<>]+(?=\.ics\b)/gi;

/** `text` with every secret query parameter's value, feed token and Stripe secret replaced. */
export function redactSecrets(text: string): string {
  return text
    .replace(SECRET_PARAM, `$1${REDACTED}`)
    .replace(CALENDAR_FEED_TOKEN, `$1${REDACTED}`)
    .replace(STRIPE_SECRET, REDACTED);
}

/** Field names whose values are secrets whatever they hold. */
const SECRET_KEYS = new Set([
  'password',
  'confirmpassword',
  'newpassword',
  'currentpassword',
  'token',
  'clientsecret',
  'client_secret',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
]);

const MAX_DEPTH = 6;

/** A copy of a log record's fields with secret keys censored and secrets inside strings redacted. */
export function redactFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (value instanceof Error) return serializeError(value);
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  // Class instances (a request, a response, a Buffer) are left to their serializers: walking them
  // would copy sockets and servers into every line.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      SECRET_KEYS.has(key.toLowerCase()) && field !== null && field !== undefined
        ? REDACTED
        : redactFields(field, depth + 1),
    ]),
  );
}

/**
 * An error as a structured object: its type, message, code and stack, redacted, and its cause. Not
 * its other own properties, where libraries keep request options and bodies.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? redactSecrets(error) : error;
  const { code, statusCode, status } = error as Error & { code?: unknown; statusCode?: unknown; status?: unknown };
  return {
    type: error.constructor?.name ?? error.name,
    message: redactSecrets(error.message),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : typeof status === 'number' ? { statusCode: status } : {}),
    stack: error.stack === undefined ? undefined : redactSecrets(error.stack),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}
