import type { CatalogSubject, PackageDto } from '@medtutor/contracts';
import { remainingHours } from '../../packages';

export interface ExamGroup {
  subject: CatalogSubject;
  examDate: string;
  /** Hours left on the subject's packages sharing this exam date. */
  hoursLeft: number;
}

/** The countdown grid: one entry per subject and exam date (docs/product.md §2), soonest first. */
export function examGroups(packages: readonly PackageDto[]): ExamGroup[] {
  const groups = new Map<string, ExamGroup>();
  for (const item of packages) {
    if (!item.examDate) continue;
    const key = `${item.subject}|${item.examDate}`;
    const group = groups.get(key) ?? { subject: item.subject, examDate: item.examDate, hoursLeft: 0 };
    group.hoursLeft += remainingHours(item);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) => a.examDate.localeCompare(b.examDate) || a.subject.localeCompare(b.subject),
  );
}

/** Subjects of the prompt: bought, but no package of theirs has an exam date yet. */
export function subjectsWithoutExamDate(packages: readonly PackageDto[]): CatalogSubject[] {
  const dated = new Set(packages.filter((item) => item.examDate).map((item) => item.subject));
  return [...new Set(packages.map((item) => item.subject))].filter((subject) => !dated.has(subject));
}
