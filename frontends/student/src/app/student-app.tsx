import type { UserDto } from '@medtutor/contracts';
import { AntdRoot } from '@medtutor/web-kit/antd';
import { Flex, Typography } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { LoadFailed, Loading } from '../components/query-state';
import { ExamCountdowns } from '../features/countdown/components/exam-countdowns';
import { ExamDatePrompt } from '../features/countdown/components/exam-date-prompt';
import { examGroups, subjectsWithoutExamDate } from '../features/countdown/utils/exam-groups';
import { ExamDateCard } from '../features/exam-date/components/exam-date-card';
import { QuickActions } from '../features/quick-actions/components/quick-actions';
import { ScheduleSection } from '../features/schedule/components/schedule-section';
import { useUserSessions } from '../features/sessions/api/get-user-sessions';
import { PackageList } from '../features/sessions/components/package-list';
import { hoursSummary, remainingHours } from '../features/sessions/utils/package-status';
import { SummaryCards } from '../features/summary/components/summary-cards';
import { welcomeName } from '../lib/display-name';

// antd's Result (with its illustrations) loads only for a student who has no package yet.
const NoPackages = lazy(() =>
  import('../features/sessions/components/no-packages').then((module) => ({ default: module.NoPackages })),
);

/** Props given by the shell (its lib/remotes.ts declares the same shape). */
export interface StudentAppProps {
  user: UserDto;
}

function Dashboard({ user }: StudentAppProps) {
  const { data: packages, error, isLoading, mutate } = useUserSessions();
  const [examFormOpen, setExamFormOpen] = useState(false);

  if (isLoading) return <Loading label="Loading your sessions" />;
  if (error || !packages) return <LoadFailed title="Could not load your sessions" onRetry={() => void mutate()} />;

  const openExamForm = () => {
    setExamFormOpen(true);
    document.getElementById('exam-date')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      <SummaryCards hours={hoursSummary(packages)} freeTrialUsed={user.freeTrialUsed} />
      {packages.length === 0 ? (
        <Suspense fallback={<Loading label="Loading" />}>
          <NoPackages />
        </Suspense>
      ) : (
        <>
          <ExamDatePrompt subjects={subjectsWithoutExamDate(packages)} onSetDate={openExamForm} />
          <ExamCountdowns groups={examGroups(packages)} />
          <ExamDateCard packages={packages} open={examFormOpen} onToggle={setExamFormOpen} />
          <PackageList packages={packages} />
          <ScheduleSection packages={packages} />
        </>
      )}
      <QuickActions canSchedule={packages.some((item) => remainingHours(item) > 0)} />
    </>
  );
}

/** Root of the student dashboard at /my-tutoring, rendered by the shell inside its <main>. */
export default function StudentApp({ user }: StudentAppProps) {
  return (
    <AntdRoot>
      <Flex vertical gap="large" style={{ maxWidth: 1200, margin: '0 auto', padding: '2.5rem 1rem 4rem' }}>
        <header>
          <Typography.Text type="secondary">My Tutoring</Typography.Text>
          <Typography.Title level={1} style={{ marginTop: '0.25rem' }}>
            Welcome, {welcomeName(user)}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Signed in as {user.email}
          </Typography.Paragraph>
        </header>
        <Dashboard user={user} />
      </Flex>
    </AntdRoot>
  );
}
