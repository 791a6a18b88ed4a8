import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type HoursLedgerEntryDto,
  type PackageDto,
  type PackagesForUsersReply,
  type TutorStudentPackageDto,
} from '@medtutor/contracts';
import { requireActor, requireRole } from '@medtutor/nest-kit';
import { StudentNamesRepository } from '../student-names/student-names.repository.js';
import { packageNotFound, tutorDeactivated } from '../shared/tutoring.errors.js';
import { toLedgerEntryDto, toPackageDto } from './package.mapping.js';
import { type PackageWithTutors, PackagesRepository } from './packages.repository.js';

/** The tutor's own entry among the package's tutors, while it is active (a dismissed tutor reads nothing). */
const isActiveTutorOf = (userId: number, entry: PackageWithTutors['primaryTutorEntry']): boolean =>
  entry?.userId === userId && entry.active;

/** The owner, an admin, or an active tutor assigned to the package. */
const mayRead = (actor: Actor, found: PackageWithTutors): boolean =>
  actor.role === 'admin' ||
  (actor.role === 'student' && found.userId === actor.userId) ||
  (actor.role === 'tutor' &&
    (isActiveTutorOf(actor.userId, found.primaryTutorEntry) ||
      isActiveTutorOf(actor.userId, found.secondaryTutorEntry)));

/** Who may see which packages and ledgers. */
@Injectable()
export class PackageReadsService {
  constructor(
    private readonly packages: PackagesRepository,
    private readonly names: StudentNamesRepository,
  ) {}

  async listMine(actor: Actor | null): Promise<PackageDto[]> {
    const { userId } = requireActor(actor);
    return (await this.packages.listForUser(userId)).map(toPackageDto);
  }

  async packagesForUsers(userIds: number[], actor: Actor | null): Promise<PackagesForUsersReply> {
    requireRole(actor, 'admin');
    const rows = await this.packages.listForUsers(userIds);
    const byUser: PackagesForUsersReply = Object.fromEntries(userIds.map((id) => [String(id), []]));
    for (const row of rows) {
      const tutorDeactivated = row.primaryTutorEntry?.active === false || row.secondaryTutorEntry?.active === false;
      byUser[String(row.userId)]?.push({ ...toPackageDto(row), tutorDeactivated });
    }
    return byUser;
  }

  async ledger(packageId: number, actor: Actor | null): Promise<HoursLedgerEntryDto[]> {
    const signedIn = requireActor(actor);
    const found = await this.packages.findWithTutors(packageId);
    if (!found || !mayRead(signedIn, found)) throw packageNotFound();
    return (await this.packages.ledgerOf(packageId)).map(toLedgerEntryDto);
  }

  /** Packages whose primary or secondary tutor is the directory entry linked to this tutor's login. */
  async tutorStudents(actor: Actor | null): Promise<TutorStudentPackageDto[]> {
    const { userId } = requireRole(actor, 'tutor');
    const tutor = await this.packages.tutorOfLogin(userId);
    if (!tutor) return [];
    // A dismissed tutor no longer sees the students (issue 24); admins reassign their packages.
    if (!tutor.active) throw tutorDeactivated();
    const rows = await this.packages.listForTutor(tutor.id);
    const names = await this.names.namesOf(rows.map((row) => row.userId));
    return rows.map((row) => ({
      ...toPackageDto(row),
      tutorRole: row.primaryTutorId === tutor.id ? 'primary' : 'secondary',
      studentName: names.get(row.userId) ?? null,
    }));
  }
}
