import type { TutorStudentPackageDto } from '@medtutor/contracts';
import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { QueryState } from '../../components/query-state';
import { AvailabilityEditor } from '../availability';
import { useTutorStudents } from './api/get-tutor-students';
import { CalendarFeedCard } from './components/calendar-feed-card';
import { DownloadMyDataCard } from './components/download-my-data-card';
import { LogSessionDialog } from './components/log-session-dialog';
import { MyStudentsTable } from './components/my-students-table';
import { TimesheetsCard } from './components/timesheets-card';
import { UpcomingSessions } from './components/upcoming-sessions';
import { studentLabel } from './utils/student-label';

/**
 * The tutor portal (/tutor): their booked sessions, their students' packages, their availability and
 * calendar feed, delivered sessions and weekly timesheets.
 */
export function TutorPortal() {
  const students = useTutorStudents();
  const [logging, setLogging] = useState<TutorStudentPackageDto | null>(null);

  return (
    <Flex vertical gap="large">
      <UpcomingSessions />
      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: '1.125rem', margin: 0 }}>
            My students
          </Typography.Title>
        }
      >
        <QueryState
          data={students.data}
          error={students.error}
          isLoading={students.isLoading}
          label="students"
          empty="No students are assigned to you yet."
          onRetry={() => void students.mutate()}
        >
          {(list) => <MyStudentsTable packages={list} labelOf={studentLabel} onLog={setLogging} />}
        </QueryState>
      </Card>
      <AvailabilityEditor />
      <CalendarFeedCard />
      <TimesheetsCard />
      <DownloadMyDataCard />
      {logging && <LogSessionDialog pkg={logging} label={studentLabel(logging)} onClose={() => setLogging(null)} />}
    </Flex>
  );
}
