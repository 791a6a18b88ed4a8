import type { BookingDto, BookingStatus } from '@medtutor/contracts';
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { type CalendarDay, visibleHours } from '../utils/calendar-layout';
import { bookingSummary, BookingStatusLabels } from '../utils/booking-status';
import { clockText, dayLabel, ukTimeOf } from '../utils/uk-time';

const HOUR_PX = 64;
const PX_PER_MINUTE = HOUR_PX / 60;
/** Two lines of text: a 15-minute trial still shows whose it is and its status. */
const MIN_BLOCK_PX = 38;

/** A block's colours by status: the status is also written in the block. */
const tones = (token: ReturnType<typeof theme.useToken>['token']): Record<BookingStatus, CSSProperties> => ({
  pending: { background: token.colorWarningBg, borderColor: token.colorWarning },
  confirmed: { background: token.colorInfoBg, borderColor: token.colorPrimary },
  completed: { background: token.colorSuccessBg, borderColor: token.colorSuccess },
  cancelled: {
    background: token.colorFillTertiary,
    borderColor: token.colorTextQuaternary,
  },
  no_show: { background: token.colorErrorBg, borderColor: token.colorError },
});

export const blockLabel = (booking: BookingDto, withTutor: boolean) =>
  `${ukTimeOf(booking.preferredDateTime)}–${ukTimeOf(booking.endsAt)} UK time: ${bookingSummary(booking, withTutor)}`;

/**
 * The week as seven columns of UK days, each session a button placed by its UK start time and as tall
 * as it lasts; sessions that overlap share the column's width.
 */
export function WeekGrid({
  days,
  today,
  withTutor,
  onOpen,
}: {
  days: CalendarDay[];
  /** Today's UK date, marked in the header. */
  today: string;
  withTutor: boolean;
  onOpen: (booking: BookingDto) => void;
}) {
  const { token } = theme.useToken();
  const { first, last } = visibleHours(days);
  const height = (last - first) * HOUR_PX;
  const tone = tones(token);
  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  const line = token.colorBorderSecondary;

  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: '48px repeat(7, minmax(0, 1fr))',
        border: `1px solid ${line}`,
        borderRadius: token.borderRadius,
        fontSize: 12,
      }}
    >
      <div aria-hidden="true" />
      {days.map(({ date }) => (
        <div
          key={date}
          role="heading"
          aria-level={3}
          style={{
            padding: '6px 4px',
            textAlign: 'center',
            fontWeight: 600,
            borderLeft: `1px solid ${line}`,
            borderBottom: `1px solid ${line}`,
            background: date === today ? token.colorPrimaryBg : undefined,
          }}
        >
          {dayLabel(date)}
          {date === today && <span style={{ display: 'block', fontWeight: 400 }}>Today</span>}
        </div>
      ))}
      <div aria-hidden="true" style={{ position: 'relative', height }}>
        {hours.map((hour) => (
          <span
            key={hour}
            style={{
              position: 'absolute',
              top: (hour - first) * HOUR_PX + 2,
              right: 6,
              color: token.colorTextSecondary,
            }}
          >
            {clockText(hour * 60)}
          </span>
        ))}
      </div>
      {days.map(({ date, bookings }) => (
        <div
          key={date}
          role="list"
          aria-label={`${dayLabel(date)}: ${bookings.length === 0 ? 'no sessions' : `${bookings.length} ${bookings.length === 1 ? 'session' : 'sessions'}`}`}
          style={{
            position: 'relative',
            height,
            borderLeft: `1px solid ${line}`,
            backgroundImage: `repeating-linear-gradient(to bottom, ${line} 0 1px, transparent 1px ${HOUR_PX}px)`,
          }}
        >
          {bookings.map(({ booking, startMinute, endMinute, lane, lanes }) => (
            <div
              key={booking.id}
              role="listitem"
              style={{
                position: 'absolute',
                top: (startMinute - first * 60) * PX_PER_MINUTE,
                height: Math.max(MIN_BLOCK_PX, (endMinute - startMinute) * PX_PER_MINUTE),
                left: `calc(${(lane / lanes) * 100}% + 2px)`,
                width: `calc(${100 / lanes}% - 4px)`,
              }}
            >
              <button
                type="button"
                aria-label={blockLabel(booking, withTutor)}
                title={blockLabel(booking, withTutor)}
                onClick={() => onOpen(booking)}
                style={{
                  ...tone[booking.status],
                  width: '100%',
                  height: '100%',
                  overflow: 'hidden',
                  textAlign: 'left',
                  padding: '2px 4px',
                  border: '1px solid',
                  borderLeftWidth: 4,
                  borderRadius: 4,
                  cursor: 'pointer',
                  color: token.colorText,
                  font: 'inherit',
                  lineHeight: '16px',
                }}
              >
                <strong
                  style={{
                    display: 'block',
                    whiteSpace: 'nowrap',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    // Struck through when cancelled; the status line below stays readable.
                    textDecoration: booking.status === 'cancelled' ? 'line-through' : undefined,
                  }}
                >
                  {booking.studentName}
                </strong>
                <span style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {ukTimeOf(booking.preferredDateTime)} · {BookingStatusLabels[booking.status]}
                  {booking.isFreeTrial && ' · Free trial'}
                </span>
                <span style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {booking.subject} · {booking.duration} min
                </span>
                {withTutor && booking.tutorAssigned && (
                  <span
                    style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
                  >
                    {booking.tutorAssigned}
                  </span>
                )}
              </button>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
