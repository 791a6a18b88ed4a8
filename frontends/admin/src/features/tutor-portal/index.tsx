import type { TutorStudentPackageDto } from '@medtutor/contracts';
import { Button, Card, Flex, Progress, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { QueryState } from '../../components/query-state';
import { remainingHours } from '../students/utils/hours';
import { useTutorStudents } from './api/get-tutor-students';
import { LogSessionDialog } from './components/log-session-dialog';
import { TimesheetsCard } from './components/timesheets-card';

/** The tutor portal (/tutor): their students' packages, delivered sessions and weekly timesheets. */
export function TutorPortal() {
  const students = useTutorStudents();
  const [logging, setLogging] = useState<TutorStudentPackageDto | null>(null);
  // The tutor-facing package carries the student's id only (no name yet): see the report.
  const labelOf = useCallback((pkg: TutorStudentPackageDto) => `Student #${pkg.userId}`, []);

  return (
    <Flex vertical gap="large">
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
          {(list) => (
            <Table
              size="small"
              rowKey="id"
              scroll={{ x: true }}
              pagination={false}
              dataSource={list}
              columns={[
                { title: 'Student', key: 'student', render: (_, pkg) => labelOf(pkg) },
                { title: 'Subject', dataIndex: 'subject' },
                { title: 'Package', dataIndex: 'packageName' },
                {
                  title: 'Remaining hours',
                  key: 'remaining',
                  render: (_, pkg) => (
                    <div style={{ minWidth: 140 }}>
                      {remainingHours(pkg)} of {pkg.totalHours}
                      <Progress
                        percent={Math.round((pkg.usedHours / Math.max(pkg.totalHours, 1)) * 100)}
                        size="small"
                        showInfo={false}
                        aria-label={`${pkg.usedHours} of ${pkg.totalHours} hours used`}
                      />
                    </div>
                  ),
                },
                { title: 'Exam date', dataIndex: 'examDate', render: (date: string | null) => date ?? 'Not set' },
                {
                  title: 'Role',
                  dataIndex: 'tutorRole',
                  render: (role: string) => <Tag>{role === 'primary' ? 'Primary tutor' : 'Secondary tutor'}</Tag>,
                },
                {
                  title: 'Actions',
                  key: 'actions',
                  render: (_, pkg) => (
                    <Button
                      size="small"
                      type="primary"
                      disabled={remainingHours(pkg) < 1}
                      onClick={() => setLogging(pkg)}
                      aria-label={`Log a session for ${labelOf(pkg)}, ${pkg.subject}`}
                    >
                      Log Session
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </QueryState>
      </Card>
      <TimesheetsCard />
      {logging && <LogSessionDialog pkg={logging} label={labelOf(logging)} onClose={() => setLogging(null)} />}
    </Flex>
  );
}
