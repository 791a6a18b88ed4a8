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
    exportPersonalData: 'identity.export_personal_data',
    register: 'identity.register',
    verifyCredentials: 'identity.verify_credentials',
    getUser: 'identity.get_user',
    requestPasswordReset: 'identity.request_password_reset',
    resetPassword: 'identity.reset_password',
    listUsers: 'identity.list_users',
    inviteTutor: 'identity.invite_tutor',
    sessionValidity: 'identity.session_validity',
    totpStatus: 'identity.totp_status',
    totpSetup: 'identity.totp_setup',
    totpEnable: 'identity.totp_enable',
    totpVerify: 'identity.totp_verify',
    totpReEnrolSetup: 'identity.totp_re_enrol_setup',
    totpReEnrolConfirm: 'identity.totp_re_enrol_confirm',
    totpRegenerateRecoveryCodes: 'identity.totp_regenerate_recovery_codes',
    totpDisable: 'identity.totp_disable',
    totpAdminReset: 'identity.totp_admin_reset',
    /** The gateway hands identity a directory change it just made (tutor deactivation, issue 24). */
    recordTutorChange: 'identity.record_tutor_change',
    /** Issue 26: a student's date of birth and their guardian's consent. */
    setDateOfBirth: 'identity.set_date_of_birth',
    resendGuardianConsent: 'identity.resend_guardian_consent',
    guardianConsentDetails: 'identity.guardian_consent_details',
    giveGuardianConsent: 'identity.give_guardian_consent',
    /** Issue 26: a student erases their own account; an admin erases a student's on a verified request. */
    eraseMe: 'identity.erase_me',
    eraseUser: 'identity.erase_user',
  },
  catalogPayments: {
    health: 'catalog-payments.health',
    exportPersonalData: 'catalog-payments.export_personal_data',
    getCatalog: 'catalog-payments.get_catalog',
    quote: 'catalog-payments.quote',
    createDiscountCode: 'catalog-payments.create_discount_code',
    createPaymentIntent: 'catalog-payments.create_payment_intent',
    getPayment: 'catalog-payments.get_payment',
    confirmDemoPayment: 'catalog-payments.confirm_demo_payment',
    handleProviderWebhook: 'catalog-payments.handle_provider_webhook',
    revenueByWeek: 'catalog-payments.revenue_by_week',
    listPaymentConflicts: 'catalog-payments.list_payment_conflicts',
    listPayments: 'catalog-payments.list_payments',
    getAdminPayment: 'catalog-payments.get_admin_payment',
    refundPayment: 'catalog-payments.refund_payment',
  },
  tutoring: {
    health: 'tutoring.health',
    exportPersonalData: 'tutoring.export_personal_data',
    listMySessions: 'tutoring.list_my_sessions',
    sessionsForUsers: 'tutoring.sessions_for_users',
    getLedger: 'tutoring.get_ledger',
    setExamDate: 'tutoring.set_exam_date',
    setUsage: 'tutoring.set_usage',
    assignTutor: 'tutoring.assign_tutor',
    assignDualTutors: 'tutoring.assign_dual_tutors',
    listTutors: 'tutoring.list_tutors',
    listPublicTutors: 'tutoring.list_public_tutors',
    createTutor: 'tutoring.create_tutor',
    updateTutor: 'tutoring.update_tutor',
    deactivateTutor: 'tutoring.deactivate_tutor',
    reactivateTutor: 'tutoring.reactivate_tutor',
    submitConsultation: 'tutoring.submit_consultation',
    checkFreeTrial: 'tutoring.check_free_trial',
    listFreeTrialRequests: 'tutoring.list_free_trial_requests',
    listTutorStudents: 'tutoring.list_tutor_students',
    recordDeliveredSession: 'tutoring.record_delivered_session',
    getAvailability: 'tutoring.get_availability',
    setAvailability: 'tutoring.set_availability',
    listSlots: 'tutoring.list_slots',
    createBooking: 'tutoring.create_booking',
    listBookings: 'tutoring.list_bookings',
    cancelBooking: 'tutoring.cancel_booking',
    rescheduleBooking: 'tutoring.reschedule_booking',
    markBookingNoShow: 'tutoring.mark_booking_no_show',
    bookFreeTrial: 'tutoring.book_free_trial',
    calendarFeed: 'tutoring.calendar_feed',
    getMyCalendarFeed: 'tutoring.get_my_calendar_feed',
    rotateMyCalendarFeed: 'tutoring.rotate_my_calendar_feed',
    revokeMyCalendarFeed: 'tutoring.revoke_my_calendar_feed',
  },
  reviews: {
    health: 'reviews.health',
    exportPersonalData: 'reviews.export_personal_data',
    submitTestimonial: 'reviews.submit_testimonial',
    listApprovedTestimonials: 'reviews.list_approved_testimonials',
    listPendingTestimonials: 'reviews.list_pending_testimonials',
    approveTestimonial: 'reviews.approve_testimonial',
    deleteTestimonial: 'reviews.delete_testimonial',
  },
  payroll: {
    health: 'payroll.health',
    exportPersonalData: 'payroll.export_personal_data',
    listPayslips: 'payroll.list_payslips',
    approvePayslip: 'payroll.approve_payslip',
    deletePayslip: 'payroll.delete_payslip',
    markPayslipPaid: 'payroll.mark_payslip_paid',
    listMyPayslips: 'payroll.list_my_payslips',
    getMyPayslipWeek: 'payroll.get_my_payslip_week',
    saveMyPayslip: 'payroll.save_my_payslip',
    submitMyPayslip: 'payroll.submit_my_payslip',
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
  studentNameChanged: 'identity.student_name_changed.v1',
  studentConsentChanged: 'identity.student_consent_changed.v1',
  userErased: 'identity.user_erased.v1',
  paymentSucceeded: 'payments.payment_succeeded.v1',
  paymentRefunded: 'payments.payment_refunded.v1',
  paymentDisputed: 'payments.payment_disputed.v1',
  freeTrialRequested: 'tutoring.free_trial_requested.v1',
  hoursUsed: 'tutoring.hours_used.v1',
  tutorChanged: 'tutoring.tutor_changed.v1',
  tutorInvited: 'identity.tutor_invited.v1',
  testimonialSubmitted: 'reviews.testimonial_submitted.v1',
  testimonialApproved: 'reviews.testimonial_approved.v1',
  publishedTestimonialsChanged: 'reviews.published_testimonials_changed.v1',
  payslipStatusChanged: 'payroll.payslip_status_changed.v1',
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

/** Messages a consumer cannot handle land here, one subject per consumer: `deadletter.<durable name>`. */
export const DeadLetterStream = { name: 'DEAD_LETTERS', subjects: ['deadletter.>'] } as const;
export const deadLetterSubject = (durable: string): string => `deadletter.${durable}`;

/**
 * A dead letter replayed into its original stream carries this header with the durable name of the
 * consumer it failed for: only that consumer handles it; every other consumer of the subject acks it
 * unseen (it handled the original already).
 */
export const ReplayForConsumerHeader = 'Replay-For-Consumer';
