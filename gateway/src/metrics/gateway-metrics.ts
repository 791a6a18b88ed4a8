import {
  MetricNames,
  processCounter,
  processHistogram,
  REQUEST_DURATION_BUCKETS,
  type RpcOutcome,
  rpcOutcomeOfStatus,
} from '@medtutor/nest-kit';
import { ApiError } from '../filters/api-error.js';

const rpcDuration = processHistogram({
  name: MetricNames.rpcClientDuration.name,
  help: "The gateway's requests to the services over NATS, by subject and outcome (ok, rejected, unavailable, error), from sending to the answer",
  labelNames: MetricNames.rpcClientDuration.labels,
  buckets: REQUEST_DURATION_BUCKETS,
});

const webhookFailures = processCounter({
  name: MetricNames.webhookFailures.name,
  help: 'Payment-provider webhooks the gateway did not answer 2xx (the provider retries them), by provider and error code',
  labelNames: MetricNames.webhookFailures.labels,
});

/** Starts timing a request to a service; call the result once with its outcome. */
export function timeRpc(subject: string): (outcome: RpcOutcome) => void {
  const started = performance.now();
  return (outcome) => rpcDuration.observe({ subject, outcome }, (performance.now() - started) / 1_000);
}

/** The outcome of a failed request as the caller gets it (`mapRpcFailure`'s error). */
export function rpcOutcomeOfFailure(error: ApiError): RpcOutcome {
  return rpcOutcomeOfStatus(error.statusCode);
}

/**
 * Runs a webhook's handling and counts its failure by the error code the provider gets back: a bad
 * signature (a wrong secret, or someone else's call), the payments service unavailable, an internal
 * fault. Codes are a fixed list, so the labels stay few.
 */
export async function countingWebhookFailures<T>(provider: string, handle: () => Promise<T>): Promise<T> {
  try {
    return await handle();
  } catch (error) {
    webhookFailures.inc({ provider, reason: error instanceof ApiError ? error.code : 'UNEXPECTED' });
    throw error;
  }
}
