/**
 * NATS subjects. Call sites import these constants; a subject is never written as a literal elsewhere.
 * Request/reply subjects are `<service>.<verb>`; services join a queue group named after themselves,
 * so replicas share the load.
 */
export const ServiceNames = ['identity', 'catalog-payments', 'tutoring', 'reviews', 'payroll'] as const;
export type ServiceName = (typeof ServiceNames)[number];

export const Subjects = {
  identity: {
    health: 'identity.health',
    register: 'identity.register',
    verifyCredentials: 'identity.verify_credentials',
    getUser: 'identity.get_user',
    requestPasswordReset: 'identity.request_password_reset',
    resetPassword: 'identity.reset_password',
  },
  catalogPayments: {
    health: 'catalog-payments.health',
    getCatalog: 'catalog-payments.get_catalog',
    quote: 'catalog-payments.quote',
    createDiscountCode: 'catalog-payments.create_discount_code',
  },
  tutoring: {
    health: 'tutoring.health',
  },
  reviews: {
    health: 'reviews.health',
  },
  payroll: {
    health: 'payroll.health',
  },
} as const;

export const HealthSubjects: Record<ServiceName, string> = {
  identity: Subjects.identity.health,
  'catalog-payments': Subjects.catalogPayments.health,
  tutoring: Subjects.tutoring.health,
  reviews: Subjects.reviews.health,
  payroll: Subjects.payroll.health,
};

/**
 * Domain events travel over JetStream. The event type names the owner, the fact in past tense and
 * the version; the NATS subject is the type under the `events.` prefix.
 */
export const EventTypes = {
  userRegistered: 'identity.user_registered.v1',
  passwordResetRequested: 'identity.password_reset_requested.v1',
} as const;
export type EventType = (typeof EventTypes)[keyof typeof EventTypes];

export const eventSubject = (type: string): string => `events.${type}`;

/** One stream per owning service, so each service's events are retained and replicated together. */
export const EventStreams = {
  identity: { name: 'IDENTITY_EVENTS', subjects: ['events.identity.>'] },
  catalogPayments: { name: 'PAYMENTS_EVENTS', subjects: ['events.payments.>'] },
  tutoring: { name: 'TUTORING_EVENTS', subjects: ['events.tutoring.>'] },
  reviews: { name: 'REVIEWS_EVENTS', subjects: ['events.reviews.>'] },
  payroll: { name: 'PAYROLL_EVENTS', subjects: ['events.payroll.>'] },
} as const;

/** Poison messages land here after the consumer's delivery limit: `deadletter.<durable name>`. */
export const DeadLetterStream = { name: 'DEAD_LETTERS', subjects: ['deadletter.>'] } as const;
export const deadLetterSubject = (durable: string): string => `deadletter.${durable}`;
