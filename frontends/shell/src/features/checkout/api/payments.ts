import {
  type CreatePaymentIntentBody,
  ErrorCodes,
  type DemoConfirmBody,
  type DemoConfirmReply,
  type PaymentDto,
  type PaymentIntentDto,
} from '@medtutor/contracts';
import { ApiError, apiRequest, apiRequestUnchecked } from '@medtutor/web-kit';

const loadSchemas = () => import('./payment-reply-schemas');

/** docs/product.md §9: an Unauthorized answer is retried up to 3 times, 1.5 s apart. */
export const PaymentInitPolicy = { maxRetries: 3, retryDelayMs: 1500 } as const;

export type PaymentInitFailure = 'invalid-response' | 'failed';

/** Why the payment could not be set up; `cause` keeps the server's answer for its message. */
export class PaymentInitError extends Error {
  override readonly name = 'PaymentInitError';
  constructor(
    readonly kind: PaymentInitFailure,
    override readonly cause: unknown,
  ) {
    super(kind);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface InitOptions {
  /** Called before each retry with its number and the cap, for 'Retrying payment initialization... (n/3)'. */
  onRetry?: (attempt: number, max: number) => void;
  wait?: (ms: number) => Promise<void>;
}

/**
 * Runs `request` (one POST /api/create-payment-intent) under the retry policy: a 401 right after
 * signing in can be the session cookie not yet seen by the gateway. Any other failure, or an answer
 * that is not a PaymentIntentDto, ends it.
 */
export async function initialisePayment(
  request: () => Promise<unknown>,
  { onRetry, wait = sleep }: InitOptions = {},
): Promise<PaymentIntentDto> {
  for (let attempt = 0; ; attempt += 1) {
    let answer: unknown;
    try {
      answer = await request();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && attempt < PaymentInitPolicy.maxRetries) {
        onRetry?.(attempt + 1, PaymentInitPolicy.maxRetries);
        await wait(PaymentInitPolicy.retryDelayMs);
        continue;
      }
      throw new PaymentInitError('failed', error);
    }
    const { PaymentIntentDtoSchema } = await loadSchemas();
    const parsed = PaymentIntentDtoSchema.safeParse(answer);
    if (!parsed.success) throw new PaymentInitError('invalid-response', parsed.error);
    return parsed.data;
  }
}

/** One raw POST /api/create-payment-intent; the answer is checked by initialisePayment. */
export const requestPaymentIntent = (body: CreatePaymentIntentBody): Promise<unknown> =>
  apiRequestUnchecked('POST', '/api/create-payment-intent', body);

export const confirmDemoPayment = (body: DemoConfirmBody): Promise<DemoConfirmReply> =>
  apiRequest(
    'POST',
    '/api/payments/demo/confirm',
    () => loadSchemas().then((schemas) => schemas.DemoConfirmReplySchema),
    body,
  );

export const paymentPath = (paymentId: string) => `/api/payments/${encodeURIComponent(paymentId)}`;

export const getPayment = (paymentId: string): Promise<PaymentDto> =>
  apiRequest('GET', paymentPath(paymentId), () => loadSchemas().then((schemas) => schemas.PaymentDtoSchema));

/** A refusal of the discount code itself (unknown or already used), as opposed to the purchase. */
export function isDiscountCodeRefusal(error: unknown): boolean {
  const cause = error instanceof PaymentInitError ? error.cause : error;
  if (!(cause instanceof ApiError) || typeof cause.body !== 'object' || cause.body === null) return false;
  // Read by hand, like serverMessage: the error body's code is one string field, not worth loading zod for.
  const { code } = cause.body as { code?: unknown };
  return code === ErrorCodes.discountCodeInvalid || code === ErrorCodes.discountCodeUsed;
}
