import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type HoursLedgerEntryDto,
  type PackageDto,
  type PackagesForUsersReply,
  type TutorStudentPackageDto,
} from '@medtutor/contracts';
import { requireActor, requireRole } from '@medtutor/nest-kit';
import { packageNotFound } from '../shared/tutoring.errors.js';
import { toLedgerEntryDto, toPackageDto } from './package.mapping.js';
import { type PackageWithTutors, PackagesRepository } from './packages.repository.js';

/** The owner, an admin, or a tutor assigned to the package. */
const mayRead = (actor: Actor, found: PackageWithTutors): boolean =>
  actor.role === 'admin' ||
  (actor.role === 'student' && found.userId === actor.userId) ||
  (actor.role === 'tutor' &&
    (found.primaryTutorEntry?.userId === actor.userId || found.secondaryTutorEntry?.userId === actor.userId));

/** Who may see which packages and ledgers. */
@Injectable()
export class PackageReadsService {
  constructor(private readonly packages: PackagesRepository) {}

  async listMine(actor: Actor | null): Promise<PackageDto[]> {
    const { userId } = requireActor(actor);
    return (await this.packages.listForUser(userId)).map(toPackageDto);
  }

  async packagesForUsers(userIds: number[], actor: Actor | null): Promise<PackagesForUsersReply> {
    requireRole(actor, 'admin');
    const rows = await this.packages.listForUsers(userIds);
    const byUser: PackagesForUsersReply = Object.fromEntries(userIds.map((id) => [String(id), []]));
    for (const row of rows) byUser[String(row.userId)]?.push(toPackageDto(row));
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
    return (await this.packages.listForTutor(tutor.id)).map((row) => ({
      ...toPackageDto(row),
      tutorRole: row.primaryTutorId === tutor.id ? 'primary' : 'secondary',
    }));
  }
}
