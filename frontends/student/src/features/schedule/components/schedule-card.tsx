import type { PackageDto } from '@medtutor/contracts';
import { Alert, Button, ButtonLink, Card, Flex, Paragraph, RadioGroup, Tag, Text, Title } from '@medtutor/web-kit/ui';
import { useId, useState } from 'react';
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
function BookWith({ tutor, duration, heldBy }: { tutor: Tutor; duration: number | null; heldBy: string | null }) {
  const label = tutor.name && duration !== null ? `Book ${duration} h with ${tutor.name}` : 'Book Session';
  return (
    <Flex vertical gap={4}>
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
 * docs/product.md §5's booking from a package: pick a duration the hours allow, then the tutor's calendar.
 * A package on hold (an open payment dispute) keeps its card, with the reason and booking disabled.
 */
export function ScheduleCard({ item }: { item: PackageDto }) {
  const remaining = remainingHours(item);
  const options = durationOptions(remaining);
  const [duration, setDuration] = useState(() => defaultDuration(remaining));
  const labelId = useId();
  const holdId = useId();
  const hold = holdReason(item);
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
      <Flex vertical gap="middle">
        {tutorsOf(item).map((tutor) => (
          <BookWith key={tutor.role} tutor={tutor} duration={duration} heldBy={hold ? holdId : null} />
        ))}
      </Flex>
    </Card>
  );
}
