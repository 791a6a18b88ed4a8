import type { BookingDto, PackageDto } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Card, Flex, Paragraph, Tag, Text, Title } from '@medtutor/web-kit/ui';
import { useState } from 'react';
import { LoadFailed, Loading } from '../../../components/query-state';
import { SectionTitle } from '../../../components/section-title';
import { useBookings } from '../api/get-bookings';
import { durationText, isUpcoming, sessionTime as when, splitSessions, statusLabels } from '../utils/sessions';
import { ukDateLabel } from '../utils/uk-time';
import { CancelDialog, preloadCancelDialog, preloadSlotPicker, SlotPicker } from './lazy-dialogs';

const SECTION_ID = 'my-sessions';

const statusColours = {
  pending: 'gold',
  confirmed: 'green',
  completed: 'blue',
  cancelled: 'default',
  no_show: 'red',
} as const;

interface SessionItemProps {
  booking: BookingDto;
  now: Date;
  onMove?: () => void;
  onCancel: () => void;
}

function SessionItem({ booking, now, onMove, onCancel }: SessionItemProps) {
  const upcoming = isUpcoming(booking, now);
  const started = Date.parse(booking.preferredDateTime) <= now.getTime();
  return (
    <li>
      <Card
        size="small"
        data-testid="session-item"
        title={
          <Title level={4} style={{ margin: 0, fontSize: '1rem', whiteSpace: 'normal' }}>
            {booking.isFreeTrial ? `Free trial: ${booking.subject}` : booking.subject}
          </Title>
        }
        extra={<Tag color={statusColours[booking.status]}>{statusLabels[booking.status]}</Tag>}
      >
        <Flex vertical gap="small">
          <span>{when(booking)}</span>
          <Text type="secondary">
            {durationText(booking.duration)}
            {booking.tutorAssigned ? ` with ${booking.tutorAssigned}` : ''}
            {booking.hoursOutcome === 'returned' && ' · hours returned'}
            {booking.hoursOutcome === 'used' && ' · hours used'}
          </Text>
          {upcoming && booking.meetingLink && (
            <a href={booking.meetingLink} target="_blank" rel="noopener noreferrer">
              Join the meeting<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
          {upcoming && !started && (
            <Flex wrap gap="small">
              {onMove && (
                <Button
                  size="small"
                  onClick={onMove}
                  onPointerEnter={preloadSlotPicker}
                  onFocus={preloadSlotPicker}
                  aria-label={`Reschedule ${booking.subject} on ${ukDateLabel(booking.preferredDateTime)}`}
                >
                  Reschedule
                </Button>
              )}
              <Button
                size="small"
                danger
                onClick={onCancel}
                onPointerEnter={preloadCancelDialog}
                onFocus={preloadCancelDialog}
                aria-label={`Cancel ${booking.subject} on ${ukDateLabel(booking.preferredDateTime)}`}
              >
                Cancel
              </Button>
            </Flex>
          )}
        </Flex>
      </Card>
    </li>
  );
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 } as const;

/**
 * "My sessions" (issue 25): the student's bookings, upcoming then past, each with its UK time, tutor,
 * status and meeting link; upcoming ones can be moved (the slot picker) or cancelled (the 24-hour rule).
 */
export function MySessions({ packages }: { packages: PackageDto[] }) {
  const bookings = useBookings();
  const notices = useNotices();
  const [moving, setMoving] = useState<BookingDto | null>(null);
  const [cancelling, setCancelling] = useState<BookingDto | null>(null);
  const now = new Date();

  if (bookings.isLoading) return <Loading label="Loading your sessions" />;
  if (bookings.error || !bookings.data) {
    return <LoadFailed title="Could not load your sessions" onRetry={() => void bookings.mutate()} />;
  }
  // Nothing booked and nothing to book with: the dashboard's empty state says it all.
  if (bookings.data.length === 0 && packages.length === 0) return null;

  const { upcoming, past } = splitSessions(bookings.data, now);
  const packageOf = (booking: BookingDto) => packages.find((item) => item.id === booking.sessionId);
  const item = (booking: BookingDto) => (
    <SessionItem
      key={booking.id}
      booking={booking}
      now={now}
      onMove={packageOf(booking) ? () => setMoving(booking) : undefined}
      onCancel={() => setCancelling(booking)}
    />
  );
  const movingPackage = moving && packageOf(moving);

  return (
    <section id={SECTION_ID} aria-labelledby="my-sessions-heading" tabIndex={-1}>
      <div style={{ marginBottom: '1rem' }}>
        <SectionTitle id="my-sessions-heading">My Sessions</SectionTitle>
      </div>
      <Flex vertical gap="large">
        <div>
          <Title level={3} style={{ fontSize: '1.05rem' }}>
            Upcoming
          </Title>
          {upcoming.length === 0 ? (
            <Paragraph type="secondary">No upcoming sessions. Book one from a package above.</Paragraph>
          ) : (
            <ul style={listStyle}>{upcoming.map(item)}</ul>
          )}
        </div>
        {past.length > 0 && (
          <div>
            <Title level={3} style={{ fontSize: '1.05rem' }}>
              Past
            </Title>
            <ul style={listStyle}>{past.map(item)}</ul>
          </div>
        )}
      </Flex>
      {moving && movingPackage && (
        <SlotPicker
          request={{ sessionId: movingPackage.id, durationHours: moving.duration / 60 }}
          subject={moving.subject}
          dualTutors={movingPackage.hasDualTutors}
          moving={moving}
          now={now}
          fallbackFocusId={SECTION_ID}
          onClose={() => setMoving(null)}
          onDone={(booking) => {
            setMoving(null);
            notices.success('Session moved', when(booking));
          }}
        />
      )}
      {cancelling && (
        <CancelDialog
          booking={cancelling}
          fallbackFocusId={SECTION_ID}
          onClose={() => setCancelling(null)}
          onDone={(booking) => {
            setCancelling(null);
            notices.success(
              'Session cancelled',
              booking.hoursOutcome === 'used' ? 'The hours were used.' : 'The hours were returned to your package.',
            );
          }}
        />
      )}
    </section>
  );
}
