/**
 * Stable error codes. Services raise them over NATS as `{ code, message, details }`; only the gateway
 * turns a code into an HTTP status, through `HttpStatusByCode`.
 */
export const ErrorCodes = {
  validationFailed: 'COMMON.VALIDATION_FAILED',
  unauthenticated: 'COMMON.UNAUTHENTICATED',
  forbidden: 'COMMON.FORBIDDEN',
  notFound: 'COMMON.NOT_FOUND',
  rateLimited: 'COMMON.RATE_LIMITED',
  payloadTooLarge: 'COMMON.PAYLOAD_TOO_LARGE',
  methodNotAllowed: 'COMMON.METHOD_NOT_ALLOWED',
  unsupportedMediaType: 'COMMON.UNSUPPORTED_MEDIA_TYPE',
  serviceUnavailable: 'COMMON.SERVICE_UNAVAILABLE',
  /**
   * The service is up but sheds this request to protect the rest (e.g. identity's password hashing
   * is saturated): retry after `details.retryAfterSeconds` (OverloadedDetailsSchema). Not a failure
   * of the service, so it never opens the gateway's circuit.
   */
  overloaded: 'COMMON.OVERLOADED',
  internal: 'COMMON.INTERNAL',
  invalidCredentials: 'IDENTITY.INVALID_CREDENTIALS',
  usernameTaken: 'IDENTITY.USERNAME_TAKEN',
  emailTaken: 'IDENTITY.EMAIL_TAKEN',
  resetTokenInvalid: 'IDENTITY.RESET_TOKEN_INVALID',
  passwordTooCommon: 'IDENTITY.PASSWORD_TOO_COMMON',
  secondFactorInvalid: 'IDENTITY.SECOND_FACTOR_INVALID',
  secondFactorConflict: 'IDENTITY.SECOND_FACTOR_CONFLICT',
  /** Issue 26: under 13 by identity's clock (the schema refuses it first, by the gateway's). */
  tooYoung: 'IDENTITY.TOO_YOUNG',
  /** A guardian's consent link that is unknown, spent or past its 7 days. */
  consentLinkInvalid: 'IDENTITY.CONSENT_LINK_INVALID',
  /** The date of birth is set already, or no consent request is waiting to be sent again. */
  consentConflict: 'IDENTITY.CONSENT_CONFLICT',
  subjectUnavailable: 'PAYMENTS.SUBJECT_UNAVAILABLE',
  /** Unknown, spent or held by another checkout: one answer, so a code's state cannot be probed. */
  discountCodeInvalid: 'PAYMENTS.DISCOUNT_CODE_INVALID',
  /** No longer raised (see discountCodeInvalid); kept while clients still name it. */
  discountCodeUsed: 'PAYMENTS.DISCOUNT_CODE_USED',
  paymentProviderUnavailable: 'PAYMENTS.PROVIDER_UNAVAILABLE',
  paymentNotPending: 'PAYMENTS.PAYMENT_NOT_PENDING',
  webhookSignatureInvalid: 'PAYMENTS.WEBHOOK_SIGNATURE_INVALID',
  /** Not paid, already refunded in full, or under an open dispute. */
  refundNotAllowed: 'PAYMENTS.REFUND_NOT_ALLOWED',
  payslipStatusConflict: 'PAYROLL.STATUS_CONFLICT',
  tutorNotLinked: 'PAYROLL.TUTOR_NOT_LINKED',
  tutorHasLogin: 'TUTORING.TUTOR_HAS_LOGIN',
  /** The package is frozen by an open payment dispute: no session may be logged against it. */
  packageOnHold: 'TUTORING.PACKAGE_ON_HOLD',
  /** The tutor's directory entry is deactivated: no sign-in, no tutor action (issue 24). */
  tutorDeactivated: 'TUTORING.TUTOR_DEACTIVATED',
  /** Issue 25: another booking took the tutor's time first (the losing side of a race). */
  slotTaken: 'TUTORING.SLOT_TAKEN',
  /** The start is not a free slot for this package (availability, notice, horizon, payment lead). */
  slotNotOffered: 'TUTORING.SLOT_NOT_OFFERED',
  /** The package has fewer remaining hours (total − used − reserved) than the booking needs. */
  insufficientHours: 'TUTORING.INSUFFICIENT_HOURS',
  /** The booking is no longer in a status the change starts from (already cancelled, completed…). */
  bookingStatusConflict: 'TUTORING.BOOKING_STATUS_CONFLICT',
  /** The change is not allowed at this time (a student's change inside the notice, a no-show before the start). */
  bookingChangeNotAllowed: 'TUTORING.BOOKING_CHANGE_NOT_ALLOWED',
  /** Issue 26: a student aged 13–17 whose guardian has not consented yet may not pay. */
  guardianConsentRequired: 'PAYMENTS.GUARDIAN_CONSENT_REQUIRED',
  /** A student without a date of birth gives one before the first payment. */
  dateOfBirthRequired: 'PAYMENTS.DATE_OF_BIRTH_REQUIRED',
  /** catalog-payments has not heard of this student yet (a registration a moment ago): try again. */
  accountNotReady: 'PAYMENTS.ACCOUNT_NOT_READY',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export const HttpStatusByCode: Record<ErrorCode, number> = {
  'COMMON.VALIDATION_FAILED': 400,
  'COMMON.UNAUTHENTICATED': 401,
  'COMMON.FORBIDDEN': 403,
  'COMMON.NOT_FOUND': 404,
  'COMMON.RATE_LIMITED': 429,
  'COMMON.PAYLOAD_TOO_LARGE': 413,
  'COMMON.SERVICE_UNAVAILABLE': 503,
  'COMMON.OVERLOADED': 503,
  'COMMON.INTERNAL': 500,
  'COMMON.METHOD_NOT_ALLOWED': 405,
  'COMMON.UNSUPPORTED_MEDIA_TYPE': 415,
  'IDENTITY.INVALID_CREDENTIALS': 401,
  'IDENTITY.USERNAME_TAKEN': 409,
  'IDENTITY.EMAIL_TAKEN': 409,
  'IDENTITY.RESET_TOKEN_INVALID': 400,
  // One of the most common passwords: refused like any other invalid field.
  'IDENTITY.PASSWORD_TOO_COMMON': 400,
  // A wrong, spent or replayed authenticator or recovery code.
  'IDENTITY.SECOND_FACTOR_INVALID': 401,
  // Enabling without a pending setup, or setting up when already enabled.
  'IDENTITY.SECOND_FACTOR_CONFLICT': 409,
  'IDENTITY.TOO_YOUNG': 403,
  // Like a dead reset link: the request itself is wrong, nothing to retry.
  'IDENTITY.CONSENT_LINK_INVALID': 400,
  'IDENTITY.CONSENT_CONFLICT': 409,
  // Well-formed but not sellable: the catalog lists the subject and marks it unavailable.
  'PAYMENTS.SUBJECT_UNAVAILABLE': 422,
  'PAYMENTS.DISCOUNT_CODE_INVALID': 400,
  'PAYMENTS.DISCOUNT_CODE_USED': 409,
  // Stripe did not answer or refused the request: nothing was charged or kept.
  'PAYMENTS.PROVIDER_UNAVAILABLE': 502,
  'PAYMENTS.PAYMENT_NOT_PENDING': 409,
  'PAYMENTS.WEBHOOK_SIGNATURE_INVALID': 400,
  // The payment is in no state to refund (not paid, nothing left, dispute open).
  'PAYMENTS.REFUND_NOT_ALLOWED': 409,
  // The payslip is not in the status the transition starts from (e.g. approving a draft).
  'PAYROLL.STATUS_CONFLICT': 409,
  // A tutor account payroll has not linked to a tutor-directory entry yet.
  'PAYROLL.TUTOR_NOT_LINKED': 409,
  // A directory entry already signs in as another account: one login per tutor.
  'TUTORING.TUTOR_HAS_LOGIN': 409,
  'TUTORING.PACKAGE_ON_HOLD': 409,
  // Known and signed in (or the right password), but dismissed: not a matter of signing in again.
  'TUTORING.TUTOR_DEACTIVATED': 403,
  'TUTORING.SLOT_TAKEN': 409,
  'TUTORING.SLOT_NOT_OFFERED': 422,
  'TUTORING.INSUFFICIENT_HOURS': 409,
  'TUTORING.BOOKING_STATUS_CONFLICT': 409,
  'TUTORING.BOOKING_CHANGE_NOT_ALLOWED': 409,
  // Signed in and known, but not allowed to pay until a guardian consents.
  'PAYMENTS.GUARDIAN_CONSENT_REQUIRED': 403,
  // The account must be completed first (the checkout page asks for the date of birth).
  'PAYMENTS.DATE_OF_BIRTH_REQUIRED': 409,
  'PAYMENTS.ACCOUNT_NOT_READY': 409,
};

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(HttpStatusByCode, value);
