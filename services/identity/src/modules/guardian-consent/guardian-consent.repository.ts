import { Injectable } from '@nestjs/common';
import type { ConsentState, EventEnvelope } from '@medtutor/contracts';
import { enqueueMail, type MailMessage, writeOutbox } from '@medtutor/nest-kit';
import type { GuardianConsent, Prisma, User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

/** A consent link to store: only the token's hash, as for password resets. */
export interface NewConsentLink {
  tokenHash: string;
  expiresAt: Date;
}

export interface GuardianRequest {
  guardianName: string;
  guardianEmail: string;
  link: NewConsentLink;
  email: MailMessage;
}

/** A state change to apply: from `from`, to `next`, announced with the event built from the new version. */
export interface ConsentChange {
  from: ConsentState;
  next: ConsentState;
  eventFor: (userId: number, version: number) => EventEnvelope;
}

export type ConsentLinkHolder = Pick<User, 'id' | 'username' | 'firstName' | 'email' | 'consentState'> & {
  guardianConsent: GuardianConsent | null;
};

/** A student's date of birth as YYYY-MM-DD (the column is a DATE; Prisma reads it as UTC midnight). */
export const dateOfBirthText = (user: Pick<User, 'dateOfBirth'>): string | null =>
  user.dateOfBirth?.toISOString().slice(0, 10) ?? null;

/** The date column's value for a YYYY-MM-DD date of birth. */
export const dateOfBirthValue = (dateOfBirth: string): Date => new Date(`${dateOfBirth}T00:00:00.000Z`);

/**
 * The guardian consents of issue 26 and the consent columns of `users`. Every state change is a
 * conditional update on the state it started from, with its event (and emails) in the same
 * transaction, so two concurrent changes cannot both apply.
 */
@Injectable()
export class GuardianConsentRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Inside a transaction that creates or updates the student: names the guardian and queues the link's email. */
  async requestInTx(tx: Prisma.TransactionClient, userId: number, request: GuardianRequest, now: Date): Promise<void> {
    const guardian = { guardianName: request.guardianName, guardianEmail: request.guardianEmail };
    await tx.guardianConsent.upsert({
      where: { userId },
      create: { userId, ...guardian, requestedAt: now },
      update: { ...guardian, requestedAt: now, consentedAt: null },
    });
    await this.issueLinkInTx(tx, userId, request.link, request.email, now);
  }

  /** The student with their guardian, or null. */
  findStudent(userId: number): Promise<(User & { guardianConsent: GuardianConsent | null }) | null> {
    return this.prisma.user.findFirst({ where: { id: userId, role: 'student' }, include: { guardianConsent: true } });
  }

  /** The newest link's time, so a resend can be refused inside the cooldown. */
  async newestLinkAt(userId: number): Promise<Date | null> {
    const newest = await this.prisma.guardianConsentLink.findFirst({
      where: { userId },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true },
    });
    return newest?.createdAt ?? null;
  }

  /** The link of a token hash with the student and guardian it is for, or null when unknown. */
  async findLink(tokenHash: string): Promise<{ usedAt: Date | null; expiresAt: Date; user: ConsentLinkHolder } | null> {
    return this.prisma.guardianConsentLink.findUnique({
      where: { tokenHash },
      select: {
        usedAt: true,
        expiresAt: true,
        user: {
          select: {
            id: true,
            username: true,
            firstName: true,
            email: true,
            consentState: true,
            guardianConsent: true,
          },
        },
      },
    });
  }

  /**
   * The date of birth of a student who had none, the state it gives and, for 13–17, the guardian and
   * their link, in one transaction. Returns false when the student has a date of birth by now.
   */
  async setDateOfBirth(
    userId: number,
    dateOfBirth: string,
    change: ConsentChange,
    guardian: GuardianRequest | null,
    now: Date,
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const applied = await this.changeStateInTx(tx, userId, change, { dateOfBirth: dateOfBirthValue(dateOfBirth) });
      if (!applied) return false;
      if (guardian) await this.requestInTx(tx, userId, guardian, now);
      return true;
    });
  }

  /**
   * Spends the link and records the consent (time, guardian name and address) in one transaction.
   * The conditional update claims the link, so of two clicks exactly one wins. Returns the student,
   * or null when the link is unknown, spent or expired, or the student no longer waits for consent.
   */
  async consent(tokenHash: string, change: ConsentChange, studentEmail: (user: User) => MailMessage, now: Date) {
    return this.prisma.$transaction(async (tx) => {
      const link = await tx.guardianConsentLink.findUnique({
        where: { tokenHash },
        select: { id: true, userId: true },
      });
      if (!link) return null;
      const claimed = await tx.guardianConsentLink.updateMany({
        where: { id: link.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count === 0) return null;
      const applied = await this.changeStateInTx(tx, link.userId, change);
      if (!applied) return null;
      await tx.guardianConsent.update({ where: { userId: link.userId }, data: { consentedAt: now } });
      const user = await tx.user.findUniqueOrThrow({ where: { id: link.userId } });
      await enqueueMail(tx, studentEmail(user));
      return user;
    });
  }

  /** A new link replaces the earlier ones (they stop working) and its email is queued, in one transaction. */
  async resend(userId: number, link: NewConsentLink, email: MailMessage, now: Date): Promise<void> {
    await this.prisma.$transaction((tx) => this.issueLinkInTx(tx, userId, link, email, now));
  }

  /** A change of state alone (a student who turned 18 while waiting). Returns false if the state moved on. */
  changeState(userId: number, change: ConsentChange): Promise<boolean> {
    return this.prisma.$transaction((tx) => this.changeStateInTx(tx, userId, change));
  }

  /**
   * One event for each student whose consent state was never announced (those who registered before
   * issue 26), claimed and written in one transaction: replicas starting together announce each
   * student once, and a later start announces nobody again.
   */
  async announceUnannounced(eventFor: (student: { id: number; consentState: ConsentState }) => EventEnvelope) {
    return this.prisma.$transaction(async (tx) => {
      const students = await tx.$queryRaw<Array<{ id: number; consent_state: ConsentState }>>`
        UPDATE users SET consent_version = 1
        WHERE role = 'student' AND consent_version = 0
        RETURNING id, consent_state`;
      students.sort((a, b) => a.id - b.id);
      for (const student of students) {
        await writeOutbox(tx, eventFor({ id: student.id, consentState: student.consent_state }));
      }
      return students.length;
    });
  }

  private async issueLinkInTx(
    tx: Prisma.TransactionClient,
    userId: number,
    link: NewConsentLink,
    email: MailMessage,
    now: Date,
  ): Promise<void> {
    await tx.guardianConsentLink.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    await tx.guardianConsentLink.create({ data: { userId, ...link, createdAt: now } });
    await enqueueMail(tx, email);
  }

  private async changeStateInTx(
    tx: Prisma.TransactionClient,
    userId: number,
    change: ConsentChange,
    extra: Prisma.UserUpdateManyMutationInput = {},
  ): Promise<boolean> {
    const updated = await tx.user.updateManyAndReturn({
      where: { id: userId, role: 'student', consentState: change.from },
      data: { ...extra, consentState: change.next, consentVersion: { increment: 1 } },
      select: { consentVersion: true },
    });
    const [row] = updated;
    if (!row) return false;
    await writeOutbox(tx, change.eventFor(userId, row.consentVersion));
    return true;
  }
}
