import type { BookingDto } from '@medtutor/contracts';
import { serverMessage, useNotices } from '@medtutor/web-kit';
import { Alert, Button, Descriptions, Drawer, Flex, Form, Input, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { BackOfficeNotices as N } from '../../../lib/messages';
import { cancelBooking, markNoShow, rescheduleBooking } from '../api/change-booking';
import { ActorLabels, adminActions } from '../utils/booking-status';
import { ukDateOf, ukInstant, ukMomentLabel, ukSpanLabel, ukTimeOf, UkTimeMessages } from '../utils/uk-time';
import { BookingStatusTag } from './booking-status-tag';

const section = (text: string) => (
  <Typography.Title level={3} style={{ fontSize: '1rem', marginTop: 24 }}>
    {text}
  </Typography.Title>
);

function Details({ booking }: { booking: BookingDto }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      items={[
        { key: 'student', label: 'Student', children: booking.studentName },
        {
          key: 'email',
          label: 'Email',
          children: booking.studentEmail ? (
            <a href={`mailto:${booking.studentEmail}`}>{booking.studentEmail}</a>
          ) : (
            'Not recorded'
          ),
        },
        { key: 'subject', label: 'Subject', children: booking.subject },
        { key: 'when', label: 'When', children: ukSpanLabel(booking.preferredDateTime, booking.endsAt) },
        { key: 'duration', label: 'Duration', children: `${booking.duration} minutes` },
        {
          key: 'status',
          label: 'Status',
          children: (
            <Flex gap={4} wrap>
              <BookingStatusTag status={booking.status} />
              {booking.isFreeTrial && <Tag color="purple">Free trial</Tag>}
            </Flex>
          ),
        },
        { key: 'tutor', label: 'Tutor', children: booking.tutorAssigned ?? 'Not assigned' },
        {
          key: 'meeting',
          label: 'Meeting link',
          children: booking.meetingLink ? (
            <a href={booking.meetingLink} target="_blank" rel="noopener noreferrer">
              {booking.meetingLink}
            </a>
          ) : (
            'None set by the tutor'
          ),
        },
        { key: 'notes', label: 'Notes', children: booking.additionalNotes ?? 'None' },
        ...(booking.isFreeTrial
          ? []
          : [
              {
                key: 'hours',
                label: 'Hours',
                children:
                  booking.hoursOutcome === null
                    ? `${booking.reservedHours} h reserved on the package`
                    : `${booking.reservedHours} h ${booking.hoursOutcome}`,
              },
            ]),
        {
          key: 'booked',
          label: 'Booked by',
          children: `${ActorLabels[booking.bookedBy]}, ${ukMomentLabel(booking.createdAt)}`,
        },
        ...(booking.cancelledAt
          ? [
              {
                key: 'cancelled',
                label: 'Cancelled by',
                children: `${booking.cancelledBy ? ActorLabels[booking.cancelledBy] : 'Unknown'}, ${ukMomentLabel(booking.cancelledAt)}`,
              },
            ]
          : []),
      ]}
    />
  );
}

/** Move a session: a UK date and time, sent as the instant; the server's refusal is shown as it words it. */
function RescheduleForm({ booking, onChanged }: { booking: BookingDto; onChanged: (booking: BookingDto) => void }) {
  const notices = useNotices();
  const { mutate } = useSWRConfig();
  const [date, setDate] = useState(ukDateOf(booking.preferredDateTime));
  const [time, setTime] = useState(ukTimeOf(booking.preferredDateTime));
  const [problem, setProblem] = useState<{ field: 'date' | 'time' | 'server'; message: string }>();
  const [saving, setSaving] = useState(false);
  const start = ukInstant(date, time);

  const save = async () => {
    if (!start.ok) {
      setProblem({ field: start.field, message: start.reason });
      return;
    }
    setProblem(undefined);
    setSaving(true);
    try {
      const moved = await rescheduleBooking(booking.id, start.iso, mutate);
      notices.success(N.bookingMoved, ukSpanLabel(moved.preferredDateTime, moved.endsAt));
      onChanged(moved);
    } catch (error) {
      setProblem({ field: 'server', message: serverMessage(error) ?? N.bookingMoveFailed });
    } finally {
      setSaving(false);
    }
  };

  const fieldProblem = (field: 'date' | 'time') =>
    problem?.field === field ? { validateStatus: 'error' as const, help: problem.message } : {};

  return (
    <Form layout="vertical" onFinish={save} disabled={saving}>
      <Flex gap="middle" wrap>
        <Form.Item label="New date (UK)" htmlFor={`move-date-${booking.id}`} required {...fieldProblem('date')}>
          <Input
            id={`move-date-${booking.id}`}
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="New start time (UK time)"
          htmlFor={`move-time-${booking.id}`}
          required
          {...fieldProblem('time')}
        >
          <Input
            id={`move-time-${booking.id}`}
            type="time"
            step={300}
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
        </Form.Item>
      </Flex>
      {start.ok && start.repeated && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={UkTimeMessages.repeated} />
      )}
      {problem?.field === 'server' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={N.bookingMoveFailed}
          description={problem.message}
        />
      )}
      <Button htmlType="submit" loading={saving}>
        Move session
      </Button>
    </Form>
  );
}

function Actions({ booking, onChanged }: { booking: BookingDto; onChanged: (booking: BookingDto) => void }) {
  const notices = useNotices();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<'cancel' | 'noShow'>();
  // Read when the drawer opens (it is drawn anew each time): a no-show becomes possible at the start.
  const [openedAt] = useState(() => Date.now());
  const allowed = adminActions(booking, openedAt);

  const run = async (action: 'cancel' | 'noShow') => {
    setBusy(action);
    try {
      if (action === 'cancel') {
        const cancelled = await cancelBooking(booking.id, mutate);
        notices.success(N.bookingCancelled, booking.isFreeTrial ? undefined : N.bookingCancelledDetail);
        onChanged(cancelled);
      } else {
        onChanged(await markNoShow(booking.id, mutate));
        notices.success(N.noShowMarked);
      }
    } catch (error) {
      notices.error(action === 'cancel' ? N.bookingCancelFailed : N.noShowFailed, error);
    } finally {
      setBusy(undefined);
    }
  };

  if (!allowed.cancel && !allowed.reschedule && !allowed.noShow) {
    return <Typography.Paragraph type="secondary">This session can no longer be changed.</Typography.Paragraph>;
  }
  return (
    <>
      {section('Cancel')}
      <Typography.Paragraph>
        {booking.isFreeTrial
          ? 'A free trial uses no hours.'
          : "When an admin cancels, the hours always return to the student's package, however close the session is."}
      </Typography.Paragraph>
      <Popconfirm
        title={`Cancel ${booking.studentName}'s session?`}
        description="The student and the tutor are told by email."
        okText="Yes, cancel"
        cancelText="No"
        okButtonProps={{ danger: true, loading: busy === 'cancel' }}
        onConfirm={() => run('cancel')}
      >
        <Button danger loading={busy === 'cancel'}>
          Cancel session
        </Button>
      </Popconfirm>

      {section('Reschedule')}
      <RescheduleForm booking={booking} onChanged={onChanged} />

      {section('No-show')}
      <Typography.Paragraph>
        {allowed.noShow
          ? `The student did not come${booking.isFreeTrial ? '.' : ": the session's hours are used."}`
          : 'Available once the session has started.'}
      </Typography.Paragraph>
      <Popconfirm
        title={`Mark ${booking.studentName} as a no-show?`}
        description={booking.isFreeTrial ? undefined : "The session's hours are used."}
        okText="Yes, mark no-show"
        cancelText="No"
        okButtonProps={{ loading: busy === 'noShow' }}
        onConfirm={() => run('noShow')}
        disabled={!allowed.noShow}
      >
        <Button disabled={!allowed.noShow} loading={busy === 'noShow'}>
          Mark no-show
        </Button>
      </Popconfirm>
    </>
  );
}

/** One booking: every field an admin needs and the admin's actions on it. */
export function BookingDrawer({
  booking,
  open,
  onClose,
  onChanged,
}: {
  /** Kept after closing, so the drawer does not empty while it slides out. */
  booking: BookingDto | null;
  open: boolean;
  onClose: () => void;
  onChanged: (booking: BookingDto) => void;
}) {
  return (
    <Drawer
      title="Session details"
      open={open}
      onClose={onClose}
      // The whole width of a phone, 560 px on wider screens.
      size="min(560px, 100vw)"
      destroyOnHidden
    >
      {booking && (
        <>
          <Details booking={booking} />
          {/* Keyed by the booking's version: the reschedule inputs start again from the new time. */}
          <Actions
            key={`${booking.id}-${booking.icsSequence}-${booking.status}`}
            booking={booking}
            onChanged={onChanged}
          />
        </>
      )}
    </Drawer>
  );
}
