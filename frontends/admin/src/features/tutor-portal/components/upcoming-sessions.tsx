import type { BookingDto, BookingStatus } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Card, Flex, Grid, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { cancelTutorBooking, markNoShow, useTutorBookings } from '../api/tutor-bookings';
import { ukDateTime } from '../utils/uk-time';
import { tutorActions, upcomingFirst } from '../utils/upcoming-sessions';

const statusTags: Record<BookingStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gold' },
  confirmed: { label: 'Confirmed', color: 'green' },
  completed: { label: 'Completed', color: 'blue' },
  cancelled: { label: 'Cancelled', color: 'default' },
  no_show: { label: 'No-show', color: 'red' },
};

const durationText = (minutes: number) => (minutes < 60 ? `${minutes} min` : `${minutes / 60} h`);

/**
 * The tutor's booked sessions (issue 25) with the student's name, time in UK time, meeting link and
 * notes; Cancel returns the student's hours, Mark no-show (after the start) uses them.
 */
export function UpcomingSessions() {
  const [now] = useState(() => new Date());
  const bookings = useTutorBookings(now);
  const notices = useNotices();
  const [busy, setBusy] = useState<string | null>(null);
  // On a phone the session's details stack in one column beside the actions, rather than scrolling sideways.
  const narrow = Grid.useBreakpoint().md === false;

  const run = async (booking: BookingDto, action: 'cancel' | 'noShow') => {
    setBusy(booking.id);
    try {
      if (action === 'cancel') {
        await cancelTutorBooking(booking.id);
        notices.success('Session Cancelled', `${booking.studentName}'s hours were returned to their package.`);
      } else {
        await markNoShow(booking.id);
        notices.success('Marked as No-Show', `${booking.studentName}'s hours for the session were used.`);
      }
    } catch (error) {
      notices.error(action === 'cancel' ? 'Failed to cancel session' : 'Failed to mark no-show', error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: '1.125rem', margin: 0 }}>
          Upcoming sessions
        </Typography.Title>
      }
    >
      <QueryState
        data={bookings.data}
        error={bookings.error}
        isLoading={bookings.isLoading}
        label="sessions"
        empty="No sessions are booked with you yet."
        onRetry={() => void bookings.mutate()}
      >
        {(list) => (
          <Table
            size="small"
            rowKey="id"
            scroll={{ x: true }}
            pagination={false}
            dataSource={upcomingFirst(list, now)}
            columns={[
              {
                title: 'Session',
                key: 'session',
                hidden: !narrow,
                render: (_, booking) => (
                  <Flex vertical gap={2}>
                    <strong>{booking.studentName}</strong>
                    <span>{booking.subject}</span>
                    <span>
                      {ukDateTime(booking.preferredDateTime)}, {durationText(booking.duration)}
                    </span>
                    <span>
                      <Tag color={statusTags[booking.status].color}>{statusTags[booking.status].label}</Tag>
                    </span>
                    {booking.meetingLink && tutorActions(booking, now).cancel && (
                      <a href={booking.meetingLink} target="_blank" rel="noopener noreferrer">
                        Join the meeting<span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    )}
                    {booking.additionalNotes && (
                      <Typography.Text type="secondary" style={{ whiteSpace: 'pre-line' }}>
                        {booking.additionalNotes}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              },
              { title: 'Student', dataIndex: 'studentName', hidden: narrow },
              { title: 'Subject', dataIndex: 'subject', hidden: narrow },
              {
                title: 'Time (UK)',
                hidden: narrow,
                key: 'time',
                render: (_, booking) => (
                  <span style={{ whiteSpace: 'nowrap' }}>{ukDateTime(booking.preferredDateTime)}</span>
                ),
              },
              { title: 'Duration', dataIndex: 'duration', render: durationText, hidden: narrow },
              {
                title: 'Status',
                hidden: narrow,
                dataIndex: 'status',
                render: (status: BookingStatus) => (
                  <Tag color={statusTags[status].color}>{statusTags[status].label}</Tag>
                ),
              },
              {
                title: 'Meeting',
                hidden: narrow,
                key: 'meeting',
                render: (_, booking) =>
                  booking.meetingLink && tutorActions(booking, now).cancel ? (
                    <a href={booking.meetingLink} target="_blank" rel="noopener noreferrer">
                      Join
                      <span className="visually-hidden">
                        {' '}
                        the meeting with {booking.studentName} (opens in a new tab)
                      </span>
                    </a>
                  ) : (
                    <Typography.Text type="secondary">None</Typography.Text>
                  ),
              },
              {
                title: 'Notes',
                hidden: narrow,
                dataIndex: 'additionalNotes',
                render: (notes: string | null) => (
                  <Typography.Paragraph style={{ margin: 0, maxWidth: 240, whiteSpace: 'pre-line' }}>
                    {notes ?? ''}
                  </Typography.Paragraph>
                ),
              },
              {
                title: 'Actions',
                key: 'actions',
                render: (_, booking) => {
                  const can = tutorActions(booking, now);
                  if (!can.cancel) return null;
                  const who = `${booking.studentName}, ${ukDateTime(booking.preferredDateTime)}`;
                  return (
                    <Flex wrap gap={4}>
                      <Popconfirm
                        title="Cancel this session?"
                        description="The student's hours are returned to their package."
                        okText="Cancel session"
                        cancelText="Keep"
                        onConfirm={() => run(booking, 'cancel')}
                      >
                        <Button
                          size="small"
                          danger
                          loading={busy === booking.id}
                          aria-label={`Cancel the session with ${who}`}
                        >
                          Cancel
                        </Button>
                      </Popconfirm>
                      {can.noShow && (
                        <Popconfirm
                          title="Mark as no-show?"
                          description="The student did not come: the session's hours are used."
                          okText="Mark no-show"
                          cancelText="Back"
                          onConfirm={() => run(booking, 'noShow')}
                        >
                          <Button size="small" loading={busy === booking.id} aria-label={`Mark ${who} as a no-show`}>
                            Mark no-show
                          </Button>
                        </Popconfirm>
                      )}
                    </Flex>
                  );
                },
              },
            ]}
          />
        )}
      </QueryState>
    </Card>
  );
}
