import type { RemoteRootProps } from '@medtutor/web-kit/remote';
import { Flex, Paragraph, Text, Title } from '@medtutor/web-kit/ui';
import { useState } from 'react';
import { LoadFailed, Loading } from '../components/query-state';
import { DeleteAccountCard } from '../features/account-deletion';
import { MySessions } from '../features/bookings';
import { CalendarFeedCard } from '../features/calendar-feed';
import { ExamCountdowns } from '../features/countdown/components/exam-countdowns';
import { ExamDatePrompt } from '../features/countdown/components/exam-date-prompt';
import { examGroups, subjectsWithoutExamDate } from '../features/countdown/utils/exam-groups';
import { ExamDateCard } from '../features/exam-date/components/exam-date-card';
import { useUserPackages } from '../features/packages/api/get-user-packages';
import { DownloadMyData } from '../features/privacy-export/components/download-my-data';
import { NoPackages } from '../features/packages/components/no-packages';
import { PackageList } from '../features/packages/components/package-list';
import { hoursSummary, remainingHours } from '../features/packages/utils/package-status';
import { QuickActions } from '../features/quick-actions/components/quick-actions';
import { ScheduleSection } from '../features/schedule/components/schedule-section';
import { SummaryCards } from '../features/summary/components/summary-cards';
import { welcomeName } from '../lib/display-name';

type StudentAppProps = RemoteRootProps['student/App'];

function Dashboard({ user, onAccountDeleted }: StudentAppProps) {
  const { data: packages, error, isLoading, mutate } = useUserPackages();
  const [examFormOpen, setExamFormOpen] = useState(false);

  // The danger-zone card comes with the dashboard, never below the spinner: the dashboard arriving
  // above it would push it down the screen (a layout shift of 0.4 on a phone).
  if (isLoading) return <Loading label="Loading your packages" />;
  if (error || !packages) {
    return (
      <>
        <LoadFailed title="Could not load your packages" onRetry={() => void mutate()} />
        <DeleteAccountCard onDeleted={onAccountDeleted} />
      </>
    );
  }

  const openExamForm = () => {
    setExamFormOpen(true);
    document.getElementById('exam-date')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      <SummaryCards hours={hoursSummary(packages)} freeTrialUsed={user.freeTrialUsed} />
      {packages.length === 0 ? (
        <NoPackages />
      ) : (
        <>
          <ExamDatePrompt subjects={subjectsWithoutExamDate(packages)} onSetDate={openExamForm} />
          <ExamCountdowns groups={examGroups(packages)} />
          <ExamDateCard packages={packages} open={examFormOpen} onToggle={setExamFormOpen} />
          <PackageList packages={packages} />
          <ScheduleSection packages={packages} />
        </>
      )}
      <MySessions packages={packages} />
      {packages.length > 0 && <CalendarFeedCard />}
      <QuickActions canSchedule={packages.some((item) => remainingHours(item) > 0)} />
      <DownloadMyData />
      <DeleteAccountCard onDeleted={onAccountDeleted} />
    </>
  );
}

/**
 * Root of the student dashboard at /my-tutoring, rendered by the shell inside its <main>. It is drawn
 * with web-kit's UI kit, whose styles the shell's page already holds; antd loads only with the parts
 * opened later (the exam-date form, an hours history), each under its own AntdRoot.
 */
export default function StudentApp({ user, onAccountDeleted }: StudentAppProps) {
  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, margin: '0 auto', padding: '2.5rem 1rem 4rem' }}>
      <header>
        <Text type="secondary">My Tutoring</Text>
        <Title level={1} style={{ marginTop: '0.25rem' }}>
          Welcome, {welcomeName(user)}
        </Title>
        <Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Signed in as {user.email}
        </Paragraph>
      </header>
      <Dashboard user={user} onAccountDeleted={onAccountDeleted} />
    </Flex>
  );
}
