import { AvailabilityBodySchema, type AvailabilityDto, BookingTimeZone } from '@medtutor/contracts';
import { ApiError, useNotices } from '@medtutor/web-kit';
import { Alert, Button, Card, Flex, Input, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { Loading } from '../../../components/query-state';
import { saveAvailability, useAvailability } from '../api/availability';
import {
  type AvailabilityForm,
  bodyOf,
  type ExceptionRow,
  formOf,
  problemsOf,
  quarterHours,
  type SpanRow,
  timeLabel,
  Weekdays,
} from '../utils/availability-form';

const startOptions = quarterHours('start').map((value) => ({ value, label: timeLabel(value) }));
const endOptions = quarterHours('end').map((value) => ({ value, label: timeLabel(value) }));
const newSpan = (): SpanRow => ({ startMinute: 540, endMinute: 1020 });

const Problem = ({ text }: { text: string | undefined }) =>
  text ? (
    <Typography.Text type="danger" role="alert">
      {text}
    </Typography.Text>
  ) : null;

interface SpansProps {
  spans: SpanRow[];
  /** Names the controls for screen readers, e.g. "Monday". */
  label: string;
  problemKey: (row: number) => string;
  problems: Record<string, string>;
  onChange: (spans: SpanRow[]) => void;
}

/** One day's spans: from–to pairs of quarter hours, each removable, and one more to add. */
function Spans({ spans, label, problemKey, problems, onChange }: SpansProps) {
  const set = (row: number, change: Partial<SpanRow>) =>
    onChange(spans.map((span, index) => (index === row ? { ...span, ...change } : span)));
  return (
    <Flex vertical gap={8}>
      {spans.length === 0 && <Typography.Text type="secondary">Not available</Typography.Text>}
      {spans.map((span, row) => (
        <Flex key={row} vertical gap={2}>
          <Flex wrap gap={8} align="center">
            <Select
              showSearch
              style={{ width: 100 }}
              aria-label={`${label}, hours ${row + 1}, from`}
              value={span.startMinute}
              options={startOptions}
              onChange={(startMinute: number) => set(row, { startMinute })}
            />
            <span aria-hidden="true">to</span>
            <Select
              showSearch
              style={{ width: 100 }}
              aria-label={`${label}, hours ${row + 1}, to`}
              value={span.endMinute}
              options={endOptions}
              onChange={(endMinute: number) => set(row, { endMinute })}
            />
            <Button
              type="text"
              aria-label={`Remove ${label}, hours ${row + 1}`}
              onClick={() => onChange(spans.filter((_, index) => index !== row))}
            >
              Remove
            </Button>
          </Flex>
          <Problem text={problems[problemKey(row)]} />
        </Flex>
      ))}
      <div>
        <Button size="small" onClick={() => onChange([...spans, newSpan()])} aria-label={`Add hours on ${label}`}>
          Add hours
        </Button>
      </div>
    </Flex>
  );
}

function Editor({ saved, tutorId }: { saved: AvailabilityDto; tutorId?: number }) {
  const notices = useNotices();
  const [form, setForm] = useState<AvailabilityForm>(() => formOf(saved));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const setDay = (day: number, spans: SpanRow[]) => setForm({ ...form, weekly: { ...form.weekly, [day]: spans } });
  const setException = (row: number, change: Partial<ExceptionRow>) =>
    setForm({
      ...form,
      exceptions: form.exceptions.map((exception, index) => (index === row ? { ...exception, ...change } : exception)),
    });

  const save = async () => {
    const { body, origins } = bodyOf(form);
    const parsed = AvailabilityBodySchema.safeParse(body);
    if (!parsed.success) {
      setProblems(problemsOf(parsed.error.issues, origins));
      return;
    }
    setProblems({});
    setSaving(true);
    try {
      setForm(formOf(await saveAvailability(parsed.data, tutorId)));
      notices.success('Availability Saved', 'Students can book the free times within these hours.');
    } catch (error) {
      notices.error('Failed to save availability', error, 'Failed to save availability');
      if (error instanceof ApiError && error.status === 400) setProblems({ form: 'Please check the times.' });
    } finally {
      setSaving(false);
    }
  };

  const listProblems = ['form', 'weekly', 'exceptions'].map((key) => problems[key]).filter(Boolean);
  return (
    <Flex vertical gap="large">
      <Typography.Paragraph style={{ margin: 0 }}>
        Times are UK time ({BookingTimeZone}). Students book sessions that fit within these hours, at least a day ahead;
        24:00 is midnight at the end of the day.
      </Typography.Paragraph>
      {listProblems.length > 0 && <Alert type="error" showIcon title={listProblems.join(' ')} />}
      <section aria-labelledby="weekly-hours">
        <Typography.Title level={3} id="weekly-hours" style={{ fontSize: '1rem' }}>
          Weekly hours
        </Typography.Title>
        <Flex vertical gap={12}>
          {Weekdays.map(({ day, name }) => (
            <Flex key={day} wrap gap={12} align="baseline" style={{ borderTop: '1px solid #f0f0f0', paddingTop: 12 }}>
              <Typography.Text strong style={{ width: 110 }}>
                {name}
              </Typography.Text>
              <Spans
                spans={form.weekly[day] ?? []}
                label={name}
                problemKey={(row) => `weekly.${day}.${row}`}
                problems={problems}
                onChange={(spans) => setDay(day, spans)}
              />
            </Flex>
          ))}
        </Flex>
      </section>
      <section aria-labelledby="date-exceptions">
        <Typography.Title level={3} id="date-exceptions" style={{ fontSize: '1rem' }}>
          Dates that differ
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          A day off, or other hours on one date: they replace that weekday&apos;s hours.
        </Typography.Paragraph>
        <Flex vertical gap={12}>
          {form.exceptions.map((exception, row) => {
            const name = exception.date || `date ${row + 1}`;
            return (
              <Flex key={row} vertical gap={8} style={{ borderTop: '1px solid #f0f0f0', paddingTop: 12 }}>
                <Flex wrap gap={12} align="center">
                  <Input
                    type="date"
                    style={{ width: 170 }}
                    aria-label={`Date ${row + 1}`}
                    value={exception.date}
                    onChange={(event) => setException(row, { date: event.target.value })}
                  />
                  <Radio.Group
                    aria-label={`What changes on ${name}`}
                    value={exception.off ? 'off' : 'hours'}
                    onChange={(event) =>
                      setException(row, {
                        off: event.target.value === 'off',
                        spans: exception.spans.length > 0 ? exception.spans : [newSpan()],
                      })
                    }
                    options={[
                      { value: 'off', label: 'Day off' },
                      { value: 'hours', label: 'Other hours' },
                    ]}
                  />
                  <Button
                    type="text"
                    aria-label={`Remove ${name}`}
                    onClick={() =>
                      setForm({ ...form, exceptions: form.exceptions.filter((_, index) => index !== row) })
                    }
                  >
                    Remove
                  </Button>
                </Flex>
                <Problem text={problems[`exceptions.${row}`]} />
                {!exception.off && (
                  <Spans
                    spans={exception.spans}
                    label={name}
                    problemKey={(span) => `exceptions.${row}.${span}`}
                    problems={problems}
                    onChange={(spans) => setException(row, { spans })}
                  />
                )}
              </Flex>
            );
          })}
          <div>
            <Button
              onClick={() => setForm({ ...form, exceptions: [...form.exceptions, { date: '', off: true, spans: [] }] })}
            >
              Add a date
            </Button>
          </div>
        </Flex>
      </section>
      <div>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          Save availability
        </Button>
      </div>
    </Flex>
  );
}

/**
 * A tutor's availability (issue 25): weekly hours and date exceptions in UK time. Without `tutorId`
 * the signed-in tutor's own; with it, an admin edits that tutor's (the back office reuses it).
 */
export function AvailabilityEditor({ tutorId }: { tutorId?: number }) {
  const availability = useAvailability(tutorId);
  let content;
  if (availability.data) {
    // A new key (another tutor) starts a new form from what was saved.
    content = <Editor key={tutorId ?? 'own'} saved={availability.data} tutorId={tutorId} />;
  } else if (availability.error) {
    content = (
      <Alert
        type="error"
        showIcon
        title="The availability could not be loaded."
        action={
          <Button size="small" onClick={() => void availability.mutate()}>
            Retry
          </Button>
        }
      />
    );
  } else {
    content = <Loading label="Loading the availability…" />;
  }
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: '1.125rem', margin: 0 }}>
          {tutorId === undefined ? 'My availability' : 'Availability'}
        </Typography.Title>
      }
    >
      {content}
    </Card>
  );
}
