import type { AdminUserWithPackagesDto } from '@medtutor/contracts';

export interface SubjectHours {
  subject: string;
  /** Hours that stand after refunds: what was bought less what refunds took back. */
  sold: number;
  used: number;
  /** Hours refunds and lost disputes took back. */
  takenBack: number;
}

/** Hours sold (net of refunds) against hours used, per subject, and what refunds took back. */
export function hoursSoldVsUsed(users: readonly AdminUserWithPackagesDto[]): SubjectHours[] {
  const subjects = new Map<string, SubjectHours>();
  for (const pkg of users.flatMap((user) => user.sessions)) {
    const entry = subjects.get(pkg.subject) ?? { subject: pkg.subject, sold: 0, used: 0, takenBack: 0 };
    entry.sold += pkg.totalHours;
    entry.used += pkg.usedHours;
    entry.takenBack += Math.max(0, pkg.originalHours - pkg.totalHours);
    subjects.set(pkg.subject, entry);
  }
  return [...subjects.values()].sort((a, b) => a.subject.localeCompare(b.subject));
}

export interface Funnel {
  students: number;
  trialTaken: number;
  trialThenPaid: number;
  paid: number;
}

/**
 * Trial → paid among registered students: who took the free trial (freeTrialUsed), and of those who
 * bought a package. Trial requests from visitors who never registered are not in these lists.
 */
export function trialFunnel(users: readonly AdminUserWithPackagesDto[]): Funnel {
  const paid = (user: AdminUserWithPackagesDto) => user.sessions.length > 0;
  return {
    students: users.length,
    trialTaken: users.filter((user) => user.freeTrialUsed).length,
    trialThenPaid: users.filter((user) => user.freeTrialUsed && paid(user)).length,
    paid: users.filter(paid).length,
  };
}
