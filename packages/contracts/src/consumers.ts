import { EventTypes, type EventType, type ServiceName } from './subjects.js';

/**
 * One durable JetStream consumer of the platform: who reads it, which event it receives, and the
 * settings the server holds for it. `npm run events -- provision` creates exactly these (with
 * `max_deliver` unlimited and explicit acks: retries are the consuming code's call), and a service
 * can start only the consumers listed here under its own name. Adding a consumer is one entry here
 * plus its read rights in infra/nats/authorization.conf (test/nats/authorization-config.spec.ts says
 * which lines are missing).
 */
export interface PlatformConsumer {
  /** The service whose NATS user reads it. */
  service: ServiceName;
  /** Durable name: also the inbox key and the dead-letter subject's suffix (`deadletter.<durable>`). */
  durable: string;
  /** The one event type it filters (nats-server 2.9 takes one filter subject); its stream is its owner's. */
  event: EventType;
  /**
   * How long a delivery may stay unacknowledged before JetStream gives it to another replica: how soon
   * the messages a crashed process held are handled again. A running handler extends it.
   */
  ackWaitMs: number;
  /** Deliveries unacknowledged at once across all replicas (naks waiting out their delay included). */
  maxAckPending: number;
}

/** What the server holds for a consumer unless its entry says otherwise. */
export const ConsumerServerDefaults = { ackWaitMs: 5_000, maxAckPending: 256 } as const;

const consumer = (
  service: ServiceName,
  durable: string,
  event: EventType,
  tuning: Partial<Pick<PlatformConsumer, 'ackWaitMs' | 'maxAckPending'>> = {},
): PlatformConsumer => ({ service, durable, event, ...ConsumerServerDefaults, ...tuning });

/** Every durable consumer on the platform: the single list the provisioner, the services and the NATS grants follow. */
export const PlatformConsumers = {
  identityFreeTrialRequested: consumer('identity', 'identity-free-trial-requested', EventTypes.freeTrialRequested),
  identityTutorChanged: consumer('identity', 'identity-tutor-changed', EventTypes.tutorChanged),
  tutoringPaymentSucceeded: consumer('tutoring', 'tutoring-payment-succeeded', EventTypes.paymentSucceeded),
  tutoringPaymentRefunded: consumer('tutoring', 'tutoring-payment-refunded', EventTypes.paymentRefunded),
  tutoringPaymentDisputed: consumer('tutoring', 'tutoring-payment-disputed', EventTypes.paymentDisputed),
  tutoringTutorInvited: consumer('tutoring', 'tutoring-tutor-invited', EventTypes.tutorInvited),
  tutoringStudentNameChanged: consumer('tutoring', 'tutoring-student-name-changed', EventTypes.studentNameChanged),
  tutoringUserErased: consumer('tutoring', 'tutoring-user-erased', EventTypes.userErased),
  paymentsUserErased: consumer('catalog-payments', 'catalog-payments-user-erased', EventTypes.userErased),
  reviewsPaymentSucceeded: consumer('reviews', 'reviews-payment-succeeded', EventTypes.paymentSucceeded),
  reviewsPaymentRefunded: consumer('reviews', 'reviews-payment-refunded', EventTypes.paymentRefunded),
  reviewsPaymentDisputed: consumer('reviews', 'reviews-payment-disputed', EventTypes.paymentDisputed),
  reviewsUserErased: consumer('reviews', 'reviews-user-erased', EventTypes.userErased),
  payrollTutorInvited: consumer('payroll', 'payroll-tutor-invited', EventTypes.tutorInvited),
  payrollHoursUsed: consumer('payroll', 'payroll-hours-used', EventTypes.hoursUsed),
  payrollTutorChanged: consumer('payroll', 'payroll-tutor-changed', EventTypes.tutorChanged),
  payrollStudentNameChanged: consumer('payroll', 'payroll-student-name-changed', EventTypes.studentNameChanged),
  paymentsStudentConsentChanged: consumer(
    'catalog-payments',
    'catalog-payments-student-consent-changed',
    EventTypes.studentConsentChanged,
  ),
  payrollUserErased: consumer('payroll', 'payroll-user-erased', EventTypes.userErased),
} as const satisfies Record<string, PlatformConsumer>;

/** The registry entry of a durable name, or undefined for a name the platform does not know. */
export function platformConsumer(durable: string): PlatformConsumer | undefined {
  return Object.values(PlatformConsumers).find((entry) => entry.durable === durable);
}
