import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  ActiveBookingStatuses,
  BookingRules,
  type BookingStatus,
  type CheckFreeTrialReply,
  ConsultationBodySchema,
  type ConsultationReply,
  EventTypes,
  FreeTrialBodySchema,
  FreeTrialSubjectPrefix,
  freeTrialSubjectOf,
  type FreeTrialRequestDto,
  type FreeTrialRequestedV1,
  type RpcMeta,
  TutoringMessages,
} from '@medtutor/contracts';
import { enqueueMail, MailRelay, newEvent, OutboxRelay, requireRole, writeOutbox } from '@medtutor/nest-kit';
import { TUTORING_CONFIG, type TutoringConfig } from '../../config/tutoring.config.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { invalid } from '../shared/tutoring.errors.js';
import { ConsultationsRepository } from './consultations.repository.js';
import { acknowledgementEmail, type RequestDetails, teamAlertEmail } from './request-emails.js';

/** Lookup keys: case never matters in an email, spacing and punctuation never in a phone number. */
export const emailKey = (email: string): string => email.trim().toLowerCase();
export const phoneKey = (phone: string): string => phone.replace(/\D/g, '');

/** One acknowledgement per address in this window, whatever the number of requests. */
export const ACKNOWLEDGEMENT_INTERVAL_MS = 24 * 60 * 60 * 1000;

export const isFreeTrialRequest = (body: unknown): boolean => {
  const subject = (body as { subjectInterest?: unknown } | null)?.subjectInterest;
  return typeof subject === 'string' && subject.trimStart().startsWith(FreeTrialSubjectPrefix);
};

@Injectable()
export class ConsultationsService {
  constructor(
    private readonly consultations: ConsultationsRepository,
    private readonly relay: OutboxRelay,
    private readonly mailRelay: MailRelay,
    @Inject(TUTORING_CONFIG) private readonly config: TutoringConfig,
  ) {}

  /**
   * One path for both forms (docs/product.md §7): the 'FREE TRIAL - ' prefix selects the free-trial rules.
   * The request, its event and its emails commit together or not at all.
   */
  async submit(rawBody: unknown, correlationId: RpcMeta['correlationId']): Promise<ConsultationReply> {
    const isFreeTrial = isFreeTrialRequest(rawBody);
    const parsed = (isFreeTrial ? FreeTrialBodySchema : ConsultationBodySchema).safeParse(rawBody);
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid request');
    const body = parsed.data;
    await this.consultations.inTransaction(async (tx) => {
      const row = await this.consultations.create(tx, {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email ?? null,
        phone: body.phone,
        subjectInterest: body.subjectInterest,
        additionalInfo: body.additionalInfo || null,
        isParent: body.isParent,
        isFreeTrial,
        emailKey: body.email ? emailKey(body.email) : null,
        phoneKey: phoneKey(body.phone),
      });
      const details: RequestDetails = row;
      // FreeTrialBodySchema requires the email, so every free-trial request reaches identity.
      if (isFreeTrial && body.email) {
        const event: FreeTrialRequestedV1 = {
          consultationId: row.id,
          email: body.email,
          phone: body.phone,
          firstName: body.firstName,
          lastName: body.lastName,
          subjectInterest: body.subjectInterest,
        };
        await writeOutbox(tx, newEvent(EventTypes.freeTrialRequested, 1, event, correlationId));
      }
      // The team hears of every request; the requester's address at most once a day.
      await enqueueMail(tx, teamAlertEmail(this.config.teamAlertEmail, details));
      if (body.email && (await this.claimAcknowledgement(tx, body.email))) {
        await enqueueMail(tx, acknowledgementEmail(body.email, isFreeTrial));
      }
    });
    this.relay.nudge();
    this.mailRelay.wake();
    return { message: isFreeTrial ? TutoringMessages.freeTrialReceived : TutoringMessages.consultationReceived };
  }

  /** True when `email` may be acknowledged now (at most once a day), recording that it is. */
  private claimAcknowledgement(tx: Prisma.TransactionClient, email: string): Promise<boolean> {
    const addressHash = createHash('sha256').update(emailKey(email)).digest('hex');
    const now = new Date();
    const cutoff = new Date(now.getTime() - ACKNOWLEDGEMENT_INTERVAL_MS);
    return this.consultations.claimAcknowledgement(tx, addressHash, now, cutoff);
  }

  /** Spec: false without looking when either value is missing; otherwise a free-trial request by either. */
  async checkFreeTrial(email: string | undefined, phone: string | undefined): Promise<CheckFreeTrialReply> {
    const byEmail = email?.trim() ? emailKey(email) : '';
    const byPhone = phone ? phoneKey(phone) : '';
    if (!byEmail || !byPhone) return { hasUsedFreeTrial: false };
    return { hasUsedFreeTrial: await this.consultations.hasFreeTrialBy(byEmail, byPhone) };
  }

  /** Admins: the newest free-trial requests, each with the trial booked for it (the calendar's request picker). */
  async listFreeTrialRequests(actor: Actor | null): Promise<FreeTrialRequestDto[]> {
    requireRole(actor, 'admin');
    const requests = await this.consultations.latestFreeTrialRequests(BookingRules.freeTrialRequestsListed);
    const bookings = await this.consultations.trialBookingsFor(requests.map((request) => request.id));
    return requests.map((request) => {
      // Newest first: an active booking wins over an older completed or missed one.
      const mine = bookings.filter((booking) => booking.consultationId === request.id);
      const booking = mine.find((row) => ActiveBookingStatuses.includes(row.status as BookingStatus)) ?? mine[0];
      return {
        id: request.id,
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        phone: request.phone,
        subject: freeTrialSubjectOf(request.subjectInterest),
        additionalInfo: request.additionalInfo,
        isParent: request.isParent,
        createdAt: request.createdAt.toISOString(),
        booking: booking
          ? {
              id: booking.id,
              start: booking.preferredDateTime.toISOString(),
              status: booking.status as BookingStatus,
              tutorName: booking.tutorAssigned,
            }
          : null,
      };
    });
  }
}
