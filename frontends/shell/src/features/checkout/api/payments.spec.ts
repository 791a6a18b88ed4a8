import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '@medtutor/web-kit';
import { ErrorCodes } from '@medtutor/contracts';
import { paymentIntent } from '../../../testing/payment-intent';
import { PaymentInitError, PaymentInitPolicy, initialisePayment, isDiscountCodeRefusal } from './payments';

const intent = paymentIntent({
  paymentId: '6f1c1c3e-8a4e-4d55-9d7c-0d6a2b1f4e11',
  amount: 18900,
  formattedPrice: '£189.00',
  discountApplied: true,
  discountCode: 'TESTPOUND',
  discountAmount: 100,
});

const unauthorized = () => new ApiError(401, { statusCode: 401, message: 'Not authenticated' }, '401: …');

describe('initialisePayment', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('answers the validated intent at once when the server accepts', async () => {
    const request = jest.fn(() => Promise.resolve<unknown>(intent));
    await expect(initialisePayment(request)).resolves.toEqual(intent);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('retries a 401 three times, 1.5 s apart, announcing each retry', async () => {
    const request = jest
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(unauthorized())
      .mockRejectedValueOnce(unauthorized())
      .mockResolvedValueOnce(intent);
    const retries: string[] = [];
    const result = initialisePayment(request, { onRetry: (n, max) => retries.push(`${n}/${max}`) });

    await jest.advanceTimersByTimeAsync(0);
    expect(request).toHaveBeenCalledTimes(1);
    expect(retries).toEqual(['1/3']);

    await jest.advanceTimersByTimeAsync(PaymentInitPolicy.retryDelayMs - 1);
    expect(request).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(request).toHaveBeenCalledTimes(2);
    expect(retries).toEqual(['1/3', '2/3']);

    await jest.advanceTimersByTimeAsync(PaymentInitPolicy.retryDelayMs);
    await expect(result).resolves.toEqual(intent);
    expect(request).toHaveBeenCalledTimes(3);
  });

  it('gives up after the third retry with the 401 as the cause', async () => {
    const error = unauthorized();
    const request = jest.fn(() => Promise.reject<unknown>(error));
    const retries: number[] = [];
    const result = initialisePayment(request, { onRetry: (n) => retries.push(n) }).catch((e: unknown) => e);

    await jest.advanceTimersByTimeAsync(PaymentInitPolicy.retryDelayMs * PaymentInitPolicy.maxRetries);
    const failure = await result;
    expect(failure).toBeInstanceOf(PaymentInitError);
    expect(failure).toMatchObject({ kind: 'failed', cause: error });
    expect(request).toHaveBeenCalledTimes(1 + PaymentInitPolicy.maxRetries);
    expect(retries).toEqual([1, 2, 3]);
  });

  it('does not retry other failures', async () => {
    const error = new ApiError(400, { statusCode: 400, message: 'This discount code is not valid' }, '400: …');
    const request = jest.fn(() => Promise.reject<unknown>(error));
    await expect(initialisePayment(request)).rejects.toMatchObject({ kind: 'failed', cause: error });
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('calls an answer that is not a payment intent an invalid response', async () => {
    const request = jest.fn(() => Promise.resolve<unknown>({ ...intent, clientSecret: '' }));
    await expect(initialisePayment(request)).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('isDiscountCodeRefusal', () => {
  const refusal = (code: unknown) => new ApiError(400, { statusCode: 400, code, message: '…' }, '400: …');

  it('is true for an unknown or used code, also as the cause of a failed payment set-up', () => {
    expect(isDiscountCodeRefusal(refusal(ErrorCodes.discountCodeInvalid))).toBe(true);
    expect(isDiscountCodeRefusal(new PaymentInitError('failed', refusal(ErrorCodes.discountCodeUsed)))).toBe(true);
  });

  it('is false for other refusals and other errors', () => {
    expect(isDiscountCodeRefusal(refusal('COMMON.VALIDATION'))).toBe(false);
    expect(isDiscountCodeRefusal(refusal(42))).toBe(false);
    expect(isDiscountCodeRefusal(new ApiError(502, 'Bad gateway', '502: Bad gateway'))).toBe(false);
    expect(isDiscountCodeRefusal(new TypeError('Failed to fetch'))).toBe(false);
  });
});
