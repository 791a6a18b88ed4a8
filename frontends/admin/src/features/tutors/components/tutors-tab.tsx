import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import type { TutorDto } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { ResetSecondFactorButton } from '../../two-factor-reset';
import { BackOfficeNotices } from '../../../lib/messages';
import { deactivateTutor } from '../api/deactivate-tutor';
import { useTutors } from '../api/get-tutors';
import { updateTutor } from '../api/update-tutor';
import { InviteTutorDialog } from './invite-tutor-dialog';
import { TutorFormDialog } from './tutor-form-dialog';

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
  const notices = useNotices();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<number>();

  const setActive = async (tutor: TutorDto, active: boolean) => {
    setBusy(tutor.id);
    try {
      if (active) await updateTutor(tutor.id, { active: true });
      else await deactivateTutor(tutor.id);
      notices.success(active ? BackOfficeNotices.tutorReactivated : BackOfficeNotices.tutorDeactivated, tutor.name);
    } catch (error) {
      notices.error(BackOfficeNotices.tutorStatusFailed, error, BackOfficeNotices.tutorStatusFailed);
    } finally {
      setBusy(undefined);
    }
  };

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
                    {tutor.active ? (
                      <Popconfirm
                        title={`Deactivate ${tutor.name}?`}
                        description="They leave the website and the tutor choices; assigned packages keep them."
                        okText="Deactivate"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => setActive(tutor, false)}
                      >
                        <Button size="small" danger loading={busy === tutor.id} aria-label={`Deactivate ${tutor.name}`}>
                          Deactivate
                        </Button>
                      </Popconfirm>
                    ) : (
                      <Button
                        size="small"
                        loading={busy === tutor.id}
                        onClick={() => setActive(tutor, true)}
                        aria-label={`Reactivate ${tutor.name}`}
                      >
                        Reactivate
                      </Button>
                    )}
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
