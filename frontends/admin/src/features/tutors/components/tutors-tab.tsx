import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import type { TutorDto } from '@medtutor/contracts';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { ResetSecondFactorButton } from '../../two-factor-reset';
import { useTutors } from '../api/get-tutors';
import { InviteTutorDialog } from './invite-tutor-dialog';
import { TutorFormDialog } from './tutor-form-dialog';
import { TutorStatusButton } from './tutor-status-button';

type Dialog = { kind: 'edit'; tutor: TutorDto | null } | { kind: 'invite'; tutor: TutorDto } | null;

function Photo({ tutor }: { tutor: TutorDto }) {
  const size = 48;
  return tutor.photoUrl ? (
    <img
      src={tutor.photoUrl}
      alt={`Photo of ${tutor.name}`}
      width={size}
      height={size}
      style={{ borderRadius: '50%', objectFit: 'cover' }}
    />
  ) : (
    <Flex
      align="center"
      justify="center"
      style={{ width: size, height: size, borderRadius: '50%', background: '#f0f0f0' }}
    >
      <UserOutlined aria-label={`No photo of ${tutor.name}`} />
    </Flex>
  );
}

/** Tutor Management: the persisted tutor directory the site and the tutor assignment read. */
export function TutorsTab() {
  const tutors = useTutors();
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <Flex vertical gap="middle">
      <div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'edit', tutor: null })}>
          Add Tutor
        </Button>
      </div>
      <QueryState
        data={tutors.data}
        error={tutors.error}
        isLoading={tutors.isLoading}
        label="tutors"
        empty="No tutors in the directory yet."
        onRetry={() => void tutors.mutate()}
      >
        {(list) => (
          <Table
            rowKey="id"
            size="small"
            scroll={{ x: true }}
            pagination={false}
            dataSource={list}
            columns={[
              { title: 'Photo', key: 'photo', render: (_, tutor) => <Photo tutor={tutor} /> },
              {
                title: 'Tutor',
                key: 'tutor',
                render: (_, tutor) => (
                  <>
                    <strong>{tutor.name}</strong>
                    <div>{tutor.specialty}</div>
                    {tutor.subjects.length > 0 && (
                      <Typography.Text type="secondary">{tutor.subjects.join(', ')}</Typography.Text>
                    )}
                  </>
                ),
              },
              {
                title: 'Qualifications',
                dataIndex: 'qualifications',
                render: (text: string) => <span style={{ whiteSpace: 'pre-line' }}>{text || '—'}</span>,
              },
              {
                title: 'Calendar link',
                dataIndex: 'calendarLink',
                render: (link: string, tutor) => (
                  <a
                    href={link}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={`Calendar of ${tutor.name} (opens in a new tab)`}
                  >
                    Open calendar
                  </a>
                ),
              },
              {
                title: 'Status',
                key: 'status',
                render: (_, tutor) => (
                  <Flex gap={4} wrap>
                    {tutor.active ? <Tag color="green">Active</Tag> : <Tag>Deactivated</Tag>}
                    {tutor.userId !== null && <Tag color="blue">Has login</Tag>}
                  </Flex>
                ),
              },
              {
                title: 'Actions',
                key: 'actions',
                render: (_, tutor) => (
                  <Flex gap="small" wrap>
                    <Button
                      size="small"
                      onClick={() => setDialog({ kind: 'edit', tutor })}
                      aria-label={`Edit ${tutor.name}`}
                    >
                      Edit
                    </Button>
                    {tutor.active && tutor.userId === null && (
                      <Button
                        size="small"
                        onClick={() => setDialog({ kind: 'invite', tutor })}
                        aria-label={`Invite ${tutor.name} to a tutor login`}
                      >
                        Invite to Login
                      </Button>
                    )}
                    {tutor.userId !== null && <ResetSecondFactorButton userId={tutor.userId} name={tutor.name} />}
                    <TutorStatusButton tutor={tutor} />
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {dialog?.kind === 'edit' && <TutorFormDialog tutor={dialog.tutor} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'invite' && <InviteTutorDialog tutor={dialog.tutor} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
