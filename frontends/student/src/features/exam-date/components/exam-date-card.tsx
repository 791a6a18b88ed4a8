import type { PackageDto } from '@medtutor/contracts';
import { Button, Card } from '@medtutor/web-kit/ui';
import { Suspense, lazy, useId } from 'react';
import { Loading } from '../../../components/query-state';
import { SectionTitle } from '../../../components/section-title';

// antd's Form, Select and Input load with the form, not with the dashboard.
const ExamDateForm = lazy(() => import('./exam-date-form').then((module) => ({ default: module.ExamDateForm })));

interface ExamDateCardProps {
  packages: PackageDto[];
  open: boolean;
  onToggle: (open: boolean) => void;
}

/** docs/product.md §2's exam-date card: a toggle opens the subject + date form. */
export function ExamDateCard({ packages, open, onToggle }: ExamDateCardProps) {
  const formId = useId();
  return (
    <Card
      id="exam-date"
      title={<SectionTitle>Exam Date</SectionTitle>}
      extra={
        <Button aria-expanded={open} aria-controls={formId} onClick={() => onToggle(!open)}>
          {open ? 'Cancel' : 'Set Exam Date'}
        </Button>
      }
    >
      {open ? (
        <Suspense fallback={<Loading label="Loading the form" />}>
          <ExamDateForm id={formId} packages={packages} onSaved={() => onToggle(false)} />
        </Suspense>
      ) : (
        <p id={formId} style={{ margin: 0 }}>
          Set the date of your exam to see a countdown and how many hours a week to plan.
        </p>
      )}
    </Card>
  );
}
