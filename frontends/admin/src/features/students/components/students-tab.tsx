import type { AdminUserWithSessionsDto, SessionPackageDto } from '@medtutor/contracts';
import { Button, Card, Descriptions, Flex, Input, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { fullName } from '../../../lib/display-name';
import { useTutors } from '../../tutors/api/get-tutors';
import { useAdminUsers } from '../api/get-admin-users';
import { remainingHours } from '../utils/hours';
import { AssignTutorDialog } from './assign-tutor-dialog';
import { ExamDateDialog } from './exam-date-dialog';
import { LedgerDialog } from './ledger-dialog';
import { PackageHoldTags } from './package-hold-tags';
import { UpdateHoursDialog } from './update-hours-dialog';

type Dialog = { kind: 'hours' | 'exam' | 'tutor' | 'ledger'; pkg: SessionPackageDto } | null;

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

const tutorsOf = (pkg: SessionPackageDto): string => {
  if (!pkg.assignedTutor) return 'Not assigned';
  return pkg.hasDualTutors && pkg.secondaryTutor ? `${pkg.assignedTutor} and ${pkg.secondaryTutor}` : pkg.assignedTutor;
};

const matches = (user: AdminUserWithSessionsDto, query: string): boolean =>
  [user.username, user.email, user.firstName, user.lastName, user.phone]
    .filter(Boolean)
    .some((value) => value!.toLowerCase().includes(query));

function Packages({ user, open }: { user: AdminUserWithSessionsDto; open: (dialog: Dialog) => void }) {
  if (user.sessions.length === 0) return <Typography.Text type="secondary">No packages yet.</Typography.Text>;
  const who = fullName(user);
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: true }}
      dataSource={user.sessions}
      columns={[
        { title: 'Subject', dataIndex: 'subject' },
        { title: 'Package', dataIndex: 'packageName' },
        {
          title: 'Hours used',
          key: 'hours',
          render: (_, pkg) => (
            <>
              {`${pkg.usedHours} of ${pkg.totalHours} (${remainingHours(pkg)} left)`}
              <PackageHoldTags pkg={pkg} />
            </>
          ),
        },
        { title: 'Purchased', dataIndex: 'purchaseDate', render: day },
        { title: 'Exam date', dataIndex: 'examDate', render: (date: string | null) => (date ? day(date) : 'Not set') },
        { title: 'Tutor', key: 'tutor', render: (_, pkg) => tutorsOf(pkg) },
        {
          title: 'Actions',
          key: 'actions',
          render: (_, pkg) => (
            <Flex gap="small" wrap>
              <Button
                size="small"
                onClick={() => open({ kind: 'hours', pkg })}
                aria-label={`Update Hours for ${who}, ${pkg.subject}`}
              >
                Update Hours
              </Button>
              <Button
                size="small"
                onClick={() => open({ kind: 'exam', pkg })}
                aria-label={`${pkg.examDate ? 'Update' : 'Set'} exam date for ${who}, ${pkg.subject}`}
              >
                {pkg.examDate ? 'Update' : 'Set'} Exam Date
              </Button>
              <Button
                size="small"
                onClick={() => open({ kind: 'tutor', pkg })}
                aria-label={`${pkg.assignedTutor ? 'Reassign' : 'Assign'} Tutor for ${who}, ${pkg.subject}`}
              >
                {pkg.assignedTutor ? 'Reassign' : 'Assign'} Tutor
              </Button>
              <Button
                size="small"
                type="link"
                onClick={() => open({ kind: 'ledger', pkg })}
                aria-label={`Hours ledger for ${who}, ${pkg.subject}`}
              >
                Ledger
              </Button>
            </Flex>
          ),
        },
      ]}
    />
  );
}

/** Student Management: every non-admin student with contact details and packages. */
export function StudentsTab() {
  const users = useAdminUsers();
  const tutors = useTutors();
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle === '' ? users.data : users.data?.filter((user) => matches(user, needle));
  }, [users.data, query]);
  const close = () => setDialog(null);

  return (
    <Flex vertical gap="middle">
      <Input.Search
        aria-label="Search students by name, email or phone"
        placeholder="Search by name, email or phone"
        allowClear
        onChange={(event) => setQuery(event.target.value)}
        style={{ maxWidth: 360 }}
      />
      <QueryState
        data={shown}
        error={users.error}
        isLoading={users.isLoading}
        label="students"
        empty={query ? 'No students match your search.' : 'No students have registered yet.'}
        onRetry={() => void users.mutate()}
      >
        {(list) =>
          list.map((user) => (
            <Card
              key={user.id}
              size="small"
              title={
                <Typography.Title level={3} style={{ fontSize: '1rem', margin: 0 }}>
                  {fullName(user)}
                </Typography.Title>
              }
              extra={user.freeTrialUsed ? <Tag color="blue">Free trial used</Tag> : <Tag>Free trial available</Tag>}
            >
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2, md: 3 }}
                items={[
                  { key: 'username', label: 'Username', children: user.username },
                  { key: 'email', label: 'Email', children: <a href={`mailto:${user.email}`}>{user.email}</a> },
                  { key: 'phone', label: 'Phone', children: user.phone ?? 'Not given' },
                ]}
              />
              <Packages user={user} open={setDialog} />
            </Card>
          ))
        }
      </QueryState>
      {dialog?.kind === 'hours' && <UpdateHoursDialog pkg={dialog.pkg} onClose={close} />}
      {dialog?.kind === 'exam' && <ExamDateDialog pkg={dialog.pkg} onClose={close} />}
      {dialog?.kind === 'tutor' && <AssignTutorDialog pkg={dialog.pkg} tutors={tutors.data ?? []} onClose={close} />}
      {dialog?.kind === 'ledger' && <LedgerDialog pkg={dialog.pkg} onClose={close} />}
    </Flex>
  );
}
