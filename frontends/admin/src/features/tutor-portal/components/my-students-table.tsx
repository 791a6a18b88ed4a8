import type { TutorStudentPackageDto } from '@medtutor/contracts';
import { Button, Flex, Progress, Table, Tag, Typography } from 'antd';
import { holdReason, remainingHours } from '../../students';

/**
 * The tutor's students' packages with their hours and the Log Session action. A package on hold (an
 * open payment dispute) shows why and cannot be logged against: tutoring refuses it (409) anyway.
 */
export function MyStudentsTable({
  packages,
  labelOf,
  onLog,
}: {
  packages: TutorStudentPackageDto[];
  labelOf: (pkg: TutorStudentPackageDto) => string;
  onLog: (pkg: TutorStudentPackageDto) => void;
}) {
  const holdId = (pkg: TutorStudentPackageDto) => `package-${pkg.id}-hold`;
  return (
    <Table
      size="small"
      rowKey="id"
      scroll={{ x: true }}
      pagination={false}
      dataSource={packages}
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
          render: (_, pkg) => {
            const hold = holdReason(pkg);
            return (
              <Flex vertical gap={4} align="start" style={{ maxWidth: 260 }}>
                <Button
                  size="small"
                  type="primary"
                  disabled={hold !== null || remainingHours(pkg) < 1}
                  onClick={() => onLog(pkg)}
                  aria-label={`Log a session for ${labelOf(pkg)}, ${pkg.subject}`}
                  aria-describedby={hold ? holdId(pkg) : undefined}
                >
                  Log Session
                </Button>
                {hold && (
                  // Plain text colour: antd's warning yellow is too light to read on white (WCAG AA).
                  <Typography.Text id={holdId(pkg)}>
                    <strong>On hold:</strong> {hold}
                  </Typography.Text>
                )}
              </Flex>
            );
          },
        },
      ]}
    />
  );
}
