import { type AdminUserWithPackagesDto, ErasureTexts, type PackageDto } from '@medtutor/contracts';
import { Button, Card, Descriptions, Flex, SearchInput, Table, Tag, Text, Title } from '@medtutor/web-kit/ui';
import { Suspense, useMemo, useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { fullName } from '../../../lib/display-name';
import { lazyUnderAntd } from '../../../lib/lazy-antd';
import { useTutors } from '../../tutors';
import { useAdminUsers } from '../api/get-admin-users';
import { remainingHours } from '../utils/hours';
import { ConsentStatus } from './consent-status';
import { PackageHoldTags } from './package-hold-tags';
import { TutorDeactivatedTag } from './tutor-deactivated-tag';

// The dialogs are antd forms (Modal, Select, InputNumber, DatePicker): each loads, with antd, when opened.
const UpdateHoursDialog = lazyUnderAntd(() =>
  import('./update-hours-dialog').then((module) => module.UpdateHoursDialog),
);
const ExamDateDialog = lazyUnderAntd(() => import('./exam-date-dialog').then((module) => module.ExamDateDialog));
const AssignTutorDialog = lazyUnderAntd(() =>
  import('./assign-tutor-dialog').then((module) => module.AssignTutorDialog),
);
const LedgerDialog = lazyUnderAntd(() => import('./ledger-dialog').then((module) => module.LedgerDialog));
const EraseStudentDialog = lazyUnderAntd(() =>
  import('./erase-student-dialog').then((module) => module.EraseStudentDialog),
);

type Dialog =
  | { kind: 'hours' | 'exam' | 'tutor' | 'ledger'; pkg: PackageDto }
  | { kind: 'erase'; user: AdminUserWithPackagesDto }
  | null;

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

const tutorsOf = (pkg: PackageDto): string => {
  if (!pkg.assignedTutor) return 'Not assigned';
  return pkg.hasDualTutors && pkg.secondaryTutor ? `${pkg.assignedTutor} and ${pkg.secondaryTutor}` : pkg.assignedTutor;
};

const matches = (user: AdminUserWithPackagesDto, query: string): boolean =>
  [user.username, user.email, user.firstName, user.lastName, user.phone]
    .filter(Boolean)
    .some((value) => value!.toLowerCase().includes(query));

function Packages({ user, open }: { user: AdminUserWithPackagesDto; open: (dialog: Dialog) => void }) {
  if (user.sessions.length === 0) return <Text type="secondary">No packages yet.</Text>;
  const who = fullName(user);
  return (
    <Table
      label={`Packages of ${who}`}
      rowKey={(pkg) => pkg.id}
      rows={user.sessions}
      columns={[
        { title: 'Subject', key: 'subject', render: (pkg) => pkg.subject },
        { title: 'Package', key: 'package', render: (pkg) => pkg.packageName },
        {
          title: 'Hours used',
          key: 'hours',
          render: (pkg) => (
            <>
              {`${pkg.usedHours} of ${pkg.totalHours} (${remainingHours(pkg)} left)`}
              <PackageHoldTags pkg={pkg} />
            </>
          ),
        },
        { title: 'Purchased', key: 'purchased', render: (pkg) => day(pkg.purchaseDate) },
        { title: 'Exam date', key: 'exam', render: (pkg) => (pkg.examDate ? day(pkg.examDate) : 'Not set') },
        {
          title: 'Tutor',
          key: 'tutor',
          render: (pkg) => (
            <>
              {tutorsOf(pkg)}
              <TutorDeactivatedTag pkg={pkg} />
            </>
          ),
        },
        {
          title: 'Actions',
          key: 'actions',
          render: (pkg) => (
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
                variant="link"
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
      <SearchInput
        aria-label="Search students by name, email or phone"
        placeholder="Search by name, email or phone"
        onChange={(event) => setQuery(event.target.value)}
        onSearch={setQuery}
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
                <Title level={3} style={{ fontSize: '1rem', margin: 0 }}>
                  {fullName(user)}
                </Title>
              }
              extra={
                <Flex gap="small" align="center">
                  {user.freeTrialUsed ? (
                    <Tag color="blue">Free trial used</Tag>
                  ) : (
                    <Tag color="default">Free trial available</Tag>
                  )}
                  <Button
                    size="small"
                    danger
                    onClick={() => setDialog({ kind: 'erase', user })}
                    aria-label={`Erase the account of ${fullName(user)}`}
                  >
                    {ErasureTexts.adminAction}
                  </Button>
                </Flex>
              }
            >
              <Descriptions
                size="small"
                items={[
                  { key: 'username', label: 'Username', children: user.username },
                  { key: 'email', label: 'Email', children: <a href={`mailto:${user.email}`}>{user.email}</a> },
                  { key: 'phone', label: 'Phone', children: user.phone ?? 'Not given' },
                  {
                    key: 'consent',
                    label: 'Consent',
                    children: <ConsentStatus userId={user.id} who={fullName(user)} consent={user.consent} />,
                  },
                ]}
              />
              <Packages user={user} open={setDialog} />
            </Card>
          ))
        }
      </QueryState>
      {/* No fallback: the page stays as it is until the dialog opens. */}
      <Suspense fallback={null}>
        {dialog?.kind === 'hours' && <UpdateHoursDialog pkg={dialog.pkg} onClose={close} />}
        {dialog?.kind === 'exam' && <ExamDateDialog pkg={dialog.pkg} onClose={close} />}
        {dialog?.kind === 'tutor' && <AssignTutorDialog pkg={dialog.pkg} tutors={tutors.data ?? []} onClose={close} />}
        {dialog?.kind === 'ledger' && <LedgerDialog pkg={dialog.pkg} onClose={close} />}
        {dialog?.kind === 'erase' && <EraseStudentDialog user={dialog.user} onClose={close} />}
      </Suspense>
    </Flex>
  );
}
