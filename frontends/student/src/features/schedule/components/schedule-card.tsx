import type { PackageDto } from '@medtutor/contracts';
import { Alert, Button, ButtonLink, Card, Flex, Paragraph, RadioGroup, Tag, Text, Title } from '@medtutor/web-kit/ui';
import { useId, useState } from 'react';
import { BookSession, useSlots } from '../../bookings';
import { holdReason, remainingHours } from '../../packages';
import { defaultDuration, durationOptions } from '../utils/durations';

interface Tutor {
  role: string;
  name: string | null;
  link: string | null;
}

const tutorsOf = (item: PackageDto): Tutor[] =>
  item.hasDualTutors
    ? [
        { role: 'Primary tutor', name: item.assignedTutor, link: item.tutorCalendarLink },
        { role: 'Secondary tutor', name: item.secondaryTutor, link: item.secondaryTutorCalendarLink },
      ]
    : [{ role: 'Tutor', name: item.assignedTutor, link: item.tutorCalendarLink }];

/** `heldBy`: the id of the hold's explanation while the package is on hold, which disables booking. */
function TutorName({ tutor }: { tutor: Tutor }) {
  return (
    <span>
      <Text type="secondary">{tutor.role}: </Text>
      {tutor.name ? (
        <strong>{tutor.name}</strong>
      ) : (
        // antd's filled tag of #ad4e00 (its hue at 95% lightness behind), dark enough for AA contrast.
        <Tag color="default" style={{ background: '#fff1e5', color: '#ad4e00' }}>
          Tutor Assignment Pending
        </Tag>
      )}
    </span>
  );
}

/** The fallback: the tutor's own calendar, for tutors who have not set their availability here. */
function BookWith({ tutor, duration, heldBy }: { tutor: Tutor; duration: number | null; heldBy: string | null }) {
  const label = tutor.name && duration !== null ? `Book ${duration} h with ${tutor.name}` : 'Book Session';
  return (
    <Flex vertical gap={4}>
      <TutorName tutor={tutor} />
      {tutor.link ? (
        // The tutor's own calendar takes the booking, in a new tab so the dashboard stays open.
        <ButtonLink
          variant="primary"
          href={tutor.link}
          target="_blank"
          rel="noopener noreferrer"
          disabled={duration === null || heldBy !== null}
          aria-describedby={heldBy ?? undefined}
        >
          {label}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </ButtonLink>
      ) : (
        <Button disabled>Calendar Link Pending</Button>
      )}
    </Flex>
  );
}

/**
 * docs/product.md §5's booking from a package: pick a duration the hours allow, then a time in the
 * slot picker when the tutor has set availability (issue 25), or the tutor's calendar otherwise.
 * A package on hold (an open payment dispute) keeps its card, with the reason and booking disabled.
 */
export function ScheduleCard({ item }: { item: PackageDto }) {
  const remaining = remainingHours(item);
  const options = durationOptions(remaining);
  const [chosen, setDuration] = useState(() => defaultDuration(remaining));
  // A booking elsewhere may leave fewer hours than the duration chosen: fall back to one that fits.
  const duration = chosen !== null && chosen <= remaining ? chosen : defaultDuration(remaining);
  const labelId = useId();
  const holdId = useId();
  const hold = holdReason(item);
  const [now] = useState(() => new Date());
  // Whether the picker or the tutor's calendar books: the slots reply says (availabilityPending).
  const canBook = item.assignedTutor !== null && duration !== null && hold === null;
  const slots = useSlots(canBook ? { sessionId: item.id, durationHours: duration } : null, now);
  const inPlatform = slots.data !== undefined && !slots.data.availabilityPending;
  const tutors = tutorsOf(item);
  return (
    <Card
      data-testid="schedule-card"
      title={
        <Title level={3} style={{ margin: 0, fontSize: '1.05rem', whiteSpace: 'normal' }}>
          Schedule {item.subject}
        </Title>
      }
    >
      <Paragraph type="secondary">
        {item.packageName}: {remaining} h remaining
      </Paragraph>
      {hold && (
        <Alert
          id={holdId}
          type="warning"
          showIcon
          title="Booking is paused"
          description={hold}
          style={{ marginBottom: '1rem' }}
        />
      )}
      <Paragraph id={labelId} strong style={{ marginBottom: '0.5rem' }}>
        Session duration
      </Paragraph>
      <RadioGroup
        vertical
        aria-labelledby={labelId}
        aria-describedby={hold ? holdId : undefined}
        disabled={hold !== null}
        value={duration}
        onChange={setDuration}
        style={{ marginBottom: '1rem' }}
        options={options.map((option) => ({
          value: option.hours,
          disabled: option.disabled,
          label: (
            <>
              {option.hours} {option.hours === 1 ? 'hour' : 'hours'}
              {option.disabled && (
                <Text type="secondary" style={{ marginLeft: '0.5rem' }}>
                  Insufficient hours
                </Text>
              )}
            </>
          ),
        }))}
      />
      {canBook && slots.isLoading ? (
        <Flex vertical gap="middle">
          {tutors.map((tutor) => (
            <TutorName key={tutor.role} tutor={tutor} />
          ))}
          <Button loading disabled>
            Book Session
          </Button>
        </Flex>
      ) : inPlatform && duration !== null ? (
        <Flex vertical gap="middle">
          {tutors.map((tutor) => (
            <TutorName key={tutor.role} tutor={tutor} />
          ))}
          <BookSession
            item={item}
            durationHours={duration}
            now={now}
            label={item.hasDualTutors ? `Book ${duration} h` : `Book ${duration} h with ${item.assignedTutor}`}
          />
        </Flex>
      ) : (
        <Flex vertical gap="middle">
          {tutors.map((tutor) => (
            <BookWith key={tutor.role} tutor={tutor} duration={duration} heldBy={hold ? holdId : null} />
          ))}
        </Flex>
      )}
    </Card>
  );
}
