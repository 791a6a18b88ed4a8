import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type AssignDualTutorsBody,
  type AssignTutorBody,
  DualTutorMinimumHours,
  type PackageDto,
  TutoringMessages,
} from '@medtutor/contracts';
import { requireRole } from '@medtutor/nest-kit';
import { invalid, packageNotFound } from '../shared/tutoring.errors.js';
import { fromCalendarDate, toPackageDto } from './package.mapping.js';
import { PackagesRepository } from './packages.repository.js';

/** What is set on a package besides its hours: the exam date and the tutors. */
@Injectable()
export class PackageDetailsService {
  constructor(private readonly packages: PackagesRepository) {}

  /** Students set their own packages' exam dates; admins any package's. */
  async setExamDate(packageId: number, examDate: string, actor: Actor | null): Promise<PackageDto> {
    const signedIn = requireRole(actor, 'student', 'admin');
    const ownerOnly = signedIn.role === 'admin' ? {} : { userId: signedIn.userId };
    const row = await this.packages.updateWhere(packageId, ownerOnly, { examDate: fromCalendarDate(examDate) });
    if (!row) throw packageNotFound();
    return toPackageDto(row);
  }

  async assignTutor(packageId: number, body: AssignTutorBody, actor: Actor | null): Promise<PackageDto> {
    requireRole(actor, 'admin');
    const tutor = await this.packages.directoryEntry(body.tutorName);
    const updated = await this.packages.updateWhere(
      packageId,
      {},
      {
        assignedTutor: body.tutorName.trim(),
        tutorCalendarLink: body.calendarLink.trim(),
        primaryTutorId: tutor?.id ?? null,
        secondaryTutor: null,
        secondaryTutorCalendarLink: null,
        secondaryTutorId: null,
        hasDualTutors: false,
      },
    );
    if (!updated) throw packageNotFound();
    return toPackageDto(updated);
  }

  async assignDualTutors(packageId: number, body: AssignDualTutorsBody, actor: Actor | null): Promise<PackageDto> {
    requireRole(actor, 'admin');
    const [primary, secondary] = await Promise.all([
      this.packages.directoryEntry(body.primaryTutor),
      this.packages.directoryEntry(body.secondaryTutor),
    ]);
    // The hours rule sits in the WHERE clause, so it holds even if the package changes meanwhile.
    const updated = await this.packages.updateWhere(
      packageId,
      { totalHours: { gte: DualTutorMinimumHours } },
      {
        assignedTutor: body.primaryTutor.trim(),
        tutorCalendarLink: body.primaryCalendar.trim(),
        primaryTutorId: primary?.id ?? null,
        secondaryTutor: body.secondaryTutor.trim(),
        secondaryTutorCalendarLink: body.secondaryCalendar.trim(),
        secondaryTutorId: secondary?.id ?? null,
        hasDualTutors: true,
      },
    );
    if (updated) return toPackageDto(updated);
    if (!(await this.packages.exists(packageId))) throw packageNotFound();
    throw invalid(TutoringMessages.dualTutorsNeedTenHours);
  }
}
