/**
 * What must never reach a log line: the secrets that travel in URLs (reset and invitation tokens,
 * calendar feed tokens, Stripe client secrets, OAuth codes, passwords) and Stripe's own secret formats wherever they
 * appear. The loggers apply `redactSecrets` once to each serialized line (pino's `streamWrite` hook),
 * so no call site has to remember; the gateway also applies it to URLs it writes into spans.
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
/**
 * `name=value` after `?`, `&`, `;` or `#` (fragments carry tokens too), up to the next separator. A
 * backslash ends the value too: the text may be a JSON line, where cutting an escape (`\"`) in half
 * would break the line.
 */
const SECRET_PARAM = new RegExp(`([?&;#](?:${params})=)[^&;#\\s"'<>\\\\]*`, 'gi');
/** Stripe: PaymentIntent and SetupIntent client secrets, secret and restricted keys, webhook secrets. */
const STRIPE_SECRET =
  /\b(?:(?:pi|seti)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+|(?:sk|rk)_(?:live|test)_[A-Za-z0-9]+|whsec_[A-Za-z0-9]+)/g;

/** A private calendar feed's token, which is the path itself: `/calendar/<token>.ics`. */
const CALENDAR_FEED_TOKEN = /(\/calendar\/)[^/?#\s"'<>\\]+(?=\.ics\b)/gi;

/** `text` with every secret query parameter's value, feed token and Stripe secret replaced. */
export function redactSecrets(text: string): string {
  return text
    .replace(SECRET_PARAM, `$1${REDACTED}`)
    .replace(CALENDAR_FEED_TOKEN, `$1${REDACTED}`)
    .replace(STRIPE_SECRET, REDACTED);
}

/**
 * Field names whose values are secrets whatever they hold, spelled as the platform's payloads and
 * Stripe's objects spell them (pino's redaction matches names exactly).
 */
export const SECRET_FIELDS = [
  'password',
  'confirmPassword',
  'token',
  'clientSecret',
  'client_secret',
  'secret',
  'recoveryCodes',
] as const;

/** Headers that carry credentials, spelled as Node gives them (lower case). */
export const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie'] as const;

const pathSegment = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `["${name}"]`);

/**
 * pino `redact` paths: every secret field and header at the top level of a line and one object down
 * (`password`, `user.password`), and the headers in any `headers` object one object down
 * (`req.headers.cookie`, `res.headers["set-cookie"]`). That is as deep as the platform logs: flat
 * fields, a request or response, and errors, which the serializer reduces to type, message, code,
 * stack and cause. Not deeper, because pino's redaction clones and walks each top-level value for
 * every wildcard level: a second level halved the lines logged per second.
 */
export function secretFieldPaths(): string[] {
  return [
    ...[...SECRET_FIELDS, ...SECRET_HEADERS].flatMap((name) => [
      pathSegment(name).replace(/^\./, ''),
      `*${pathSegment(name)}`,
    ]),
    ...SECRET_HEADERS.map((name) => `*.headers${pathSegment(name)}`),
  ];
}

/**
 * An error as a structured object: its type, message, code and stack, and its cause. Not its other
 * own properties, where libraries keep request options and bodies. Secrets inside the message or
 * the stack go with the rest of the line (`redactSecrets` on the serialized line).
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const { code, statusCode, status } = error as Error & { code?: unknown; statusCode?: unknown; status?: unknown };
  return {
    type: error.constructor?.name ?? error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : typeof status === 'number' ? { statusCode: status } : {}),
    stack: error.stack,
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}
