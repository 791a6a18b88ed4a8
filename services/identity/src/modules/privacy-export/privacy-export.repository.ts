import { Injectable } from '@nestjs/common';
import type { ExportedEmail } from '@medtutor/contracts';
import { emailsSentTo } from '@medtutor/nest-kit';
import type {
  GuardianConsent,
  GuardianConsentLink,
  PasswordReset,
  SecondFactorReset,
  User,
} from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

/** Everything identity holds about one user, as rows. */
export interface IdentityRecords {
  user: User;
  unusedRecoveryCodes: number;
  secondFactorResets: SecondFactorReset[];
  passwordResets: PasswordReset[];
  guardianConsent: GuardianConsent | null;
  guardianConsentLinks: GuardianConsentLink[];
  emails: ExportedEmail[];
}

/** The only file of the export module that touches the database. */
@Injectable()
export class PrivacyExportRepository {
  constructor(private readonly prisma: PrismaService) {}

  async recordsOf(userId: number): Promise<IdentityRecords | null> {
    const user = await this.prisma.user.findUnique({ where: { id: userId } });
    if (!user) return null;
    const [unusedRecoveryCodes, secondFactorResets, passwordResets, guardianConsent, guardianConsentLinks, emails] =
      await Promise.all([
        this.prisma.recoveryCode.count({ where: { userId, usedAt: null } }),
        this.prisma.secondFactorReset.findMany({ where: { userId }, orderBy: { resetAt: 'asc' } }),
        this.prisma.passwordReset.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
        this.prisma.guardianConsent.findUnique({ where: { userId } }),
        this.prisma.guardianConsentLink.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
        emailsSentTo(this.prisma, user.email),
      ]);
    return {
      user,
      unusedRecoveryCodes,
      secondFactorResets,
      passwordResets,
      guardianConsent,
      guardianConsentLinks,
      emails,
    };
  }
}
