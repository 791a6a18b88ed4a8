import {
  type CircuitBreakerPolicy,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleWhen,
  isBrokenCircuitError,
} from 'cockatiel';
import type { Logger } from 'pino';
import { ApiErrors } from '../filters/api-error.js';

export interface CircuitBreakerSettings {
  /** Consecutive unavailable answers that open a service's circuit. */
  failures: number;
  /** How long an open circuit refuses before one trial request goes through. */
  halfOpenAfterMs: number;
}

interface ServiceCircuit {
  policy: CircuitBreakerPolicy;
  openedAt: number;
}

/**
 * One circuit breaker per service (the subject's first segment), so a service that cannot answer
 * costs its own routes a fast 503 with Retry-After instead of an RPC deadline each, and never
 * touches other services' routes. Only `isUnavailable` failures count (timeouts, no responders, the
 * service's own COMMON.SERVICE_UNAVAILABLE): a domain error is an answer, and proves the service up.
 * After `halfOpenAfterMs` one request tries the service again: its answer closes the circuit or
 * opens it for another period. Requests meanwhile are refused at once rather than queued behind it.
 */
export class ServiceBreakers {
  private readonly circuits = new Map<string, ServiceCircuit>();

  constructor(
    private readonly settings: CircuitBreakerSettings,
    private readonly isUnavailable: (error: unknown) => boolean,
    private readonly logger: Logger,
  ) {}

  async call<T>(subject: string, request: () => Promise<T>): Promise<T> {
    const service = serviceOf(subject);
    const circuit = this.circuitOf(service);
    if (circuit.policy.state === CircuitState.HalfOpen) throw this.refusal(circuit);
    try {
      return await circuit.policy.execute(request);
    } catch (error) {
      if (isBrokenCircuitError(error)) throw this.refusal(circuit);
      throw error;
    }
  }

  private circuitOf(service: string): ServiceCircuit {
    const existing = this.circuits.get(service);
    if (existing) return existing;
    const policy = circuitBreaker(handleWhen(this.isUnavailable), {
      breaker: new ConsecutiveBreaker(this.settings.failures),
      halfOpenAfter: this.settings.halfOpenAfterMs,
    });
    const circuit: ServiceCircuit = { policy, openedAt: 0 };
    policy.onBreak(() => {
      circuit.openedAt = Date.now();
      this.logger.warn(
        { service, retryInMs: this.settings.halfOpenAfterMs },
        'circuit open: the service does not answer, its routes answer 503 at once',
      );
    });
    policy.onHalfOpen(() => this.logger.info({ service }, 'circuit half-open: trying the service again'));
    policy.onReset(() => this.logger.info({ service }, 'circuit closed: the service answers again'));
    this.circuits.set(service, circuit);
    return circuit;
  }

  /** 503 with the time until the next trial, at least a second (Retry-After counts whole seconds). */
  private refusal(circuit: ServiceCircuit) {
    const remainingMs = circuit.openedAt + this.settings.halfOpenAfterMs - Date.now();
    return ApiErrors.serviceUnavailable(Math.max(1, Math.ceil(remainingMs / 1000)));
  }
}

const serviceOf = (subject: string) => subject.slice(0, subject.indexOf('.'));
