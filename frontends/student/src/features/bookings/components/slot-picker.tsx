import { type BookingDto, BookingMessages, ErrorCodes } from '@medtutor/contracts';
import { ApiError, serverMessage } from '@medtutor/web-kit';
import {
  Alert,
  Button,
  ButtonLink,
  Field,
  Paragraph,
  RadioGroup,
  Select,
  Spinner,
  TextArea,
} from '@medtutor/web-kit/ui';
import { useId, useState } from 'react';
import { createBooking, rescheduleBooking } from '../api/change-booking';
import { type SlotsRequest, useSlots } from '../api/get-slots';
import { firstOpenDay, slotDays } from '../utils/slot-days';
import { durationText } from '../utils/sessions';
import { dayLabel, ukDateLabel, ukTime, ukZoneName } from '../utils/uk-time';
import { Dialog } from './dialog';

export interface SlotPickerProps {
  request: SlotsRequest;
  subject: string;
  /** Dual-tutor packages: each time says whose it is. */
  dualTutors: boolean;
  /** The booking to move; without it the picker books a new session. */
  moving?: BookingDto;
  /** The time the caller's slot list was asked at, so both share SWR's cached reply. */
  now: Date;
  onClose: () => void;
  onDone: (booking: BookingDto) => void;
  fallbackFocusId?: string;
}

const slotValue = (slot: { start: string; tutorId: number }) => `${slot.start}|${slot.tutorId}`;

/** What a refused booking tells the student; a taken slot also refreshes the times. */
const refusal = (error: unknown): string =>
  error instanceof ApiError && error.status >= 500
    ? 'The booking could not be saved. Please try again.'
    : (serverMessage(error) ?? 'The booking could not be saved. Please try again.');

/**
 * The slot picker (issue 25): the days of the offered window in UK time, each day's free start
 * times, optional notes, then Confirm books (POST /api/bookings) or moves (…/reschedule) the session.
 * Loaded on first open, so the dashboard's start-up JavaScript does not carry it.
 */
export function SlotPicker({
  request,
  subject,
  dualTutors,
  moving,
  now,
  onClose,
  onDone,
  fallbackFocusId,
}: SlotPickerProps) {
  const slots = useSlots(request, now);
  const days = slots.data ? slotDays(slots.data) : [];
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const day = chosenDay ?? firstOpenDay(days);
  const [chosen, setChosen] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { day: useId(), times: useId(), notes: useId(), error: useId() };

  const dayEntry = days.find((entry) => entry.day === day);
  const slot = dayEntry?.slots.find((entry) => slotValue(entry) === chosen) ?? null;
  const title = moving ? `Move your ${subject} session` : `Book ${subject}`;

  const confirm = async () => {
    if (!slot) return;
    setSaving(true);
    setError(null);
    try {
      const booking = moving
        ? await rescheduleBooking(moving.id, slot.start)
        : await createBooking({
            sessionId: request.sessionId,
            start: slot.start,
            durationHours: request.durationHours,
            additionalNotes: notes.trim() || undefined,
          });
      onDone(booking);
    } catch (failure) {
      if (
        failure instanceof ApiError &&
        (failure.body as { code?: string } | undefined)?.code === ErrorCodes.slotTaken
      ) {
        setChosen(null);
        setError(`${BookingMessages.slotTaken} The times have been refreshed.`);
        await slots.mutate();
      } else {
        setError(refusal(failure));
      }
    } finally {
      setSaving(false);
    }
  };

  const zone = dayEntry?.zones.length ? dayEntry.zones.join(' / ') : ukZoneName(now);
  const footer = (
    <>
      <Button onClick={onClose}>Cancel</Button>
      <Button variant="primary" disabled={!slot} loading={saving} onClick={() => void confirm()}>
        {moving ? 'Confirm new time' : 'Confirm booking'}
      </Button>
    </>
  );

  return (
    <Dialog title={title} onClose={onClose} footer={footer} fallbackFocusId={fallbackFocusId}>
      <Paragraph type="secondary">
        {durationText(request.durationHours * 60)}. All times are UK time (Europe/London).
      </Paragraph>
      {moving && (
        <Paragraph>
          Booked now: {ukDateLabel(moving.preferredDateTime)} at {ukTime(moving.preferredDateTime)} (
          {ukZoneName(moving.preferredDateTime)})
        </Paragraph>
      )}
      {error && <Alert id={ids.error} type="error" showIcon title={error} style={{ marginBottom: '1rem' }} />}
      {slots.isLoading && <Spinner label="Loading the free times" />}
      {slots.error && !slots.data && (
        <Alert
          type="error"
          showIcon
          title="Could not load the free times"
          action={
            <Button size="small" danger onClick={() => void slots.mutate()}>
              Retry
            </Button>
          }
        />
      )}
      {slots.data?.availabilityPending && (
        <Alert
          type="info"
          showIcon
          title={BookingMessages.noTutorAvailability}
          description={
            slots.data.calendarLink ? (
              <ButtonLink href={slots.data.calendarLink} target="_blank" rel="noopener noreferrer">
                Book through your tutor&apos;s calendar
                <span className="visually-hidden"> (opens in a new tab)</span>
              </ButtonLink>
            ) : (
              BookingMessages.calendarLinkPending
            )
          }
        />
      )}
      {slots.data && !slots.data.availabilityPending && day === null && (
        <Alert
          type="info"
          showIcon
          title="No free times"
          description={`Your tutor has no free time for ${durationText(request.durationHours * 60)} in the next ${slots.data.horizonDays} days. Please check again later or contact your tutor.`}
        />
      )}
      {slots.data && day !== null && (
        <>
          <Paragraph type="secondary">
            Times from {ukDateLabel(slots.data.earliestStart)}: sessions are booked at least {slots.data.noticeHours}{' '}
            hours ahead and up to {slots.data.horizonDays} days ahead.
          </Paragraph>
          <Field label="Day" htmlFor={ids.day}>
            <Select
              id={ids.day}
              data-autofocus
              value={day}
              onChange={(event) => {
                setChosenDay(event.target.value);
                setChosen(null);
              }}
              options={days.map((entry) => ({
                value: entry.day,
                disabled: entry.slots.length === 0,
                label: `${dayLabel(entry.day)}: ${
                  entry.slots.length === 0
                    ? 'no free times'
                    : `${entry.slots.length} ${entry.slots.length === 1 ? 'time' : 'times'}`
                }`,
              }))}
            />
          </Field>
          <fieldset style={{ border: 0, margin: '0 0 1rem', padding: 0, minWidth: 0 }}>
            <legend id={ids.times} style={{ marginBottom: '0.5rem', fontWeight: 600 }}>
              Start time on {dayLabel(day)} ({zone})
            </legend>
            <RadioGroup
              className="slot-times"
              aria-labelledby={ids.times}
              value={chosen}
              onChange={setChosen}
              options={(dayEntry?.slots ?? []).map((entry) => ({
                value: slotValue(entry),
                label: dualTutors ? `${ukTime(entry.start)} with ${entry.tutorName}` : ukTime(entry.start),
              }))}
            />
          </fieldset>
          {!moving && (
            <Field label="Notes for your tutor" htmlFor={ids.notes} optional>
              <TextArea
                id={ids.notes}
                rows={3}
                maxLength={2000}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
              />
            </Field>
          )}
          {slot && (
            <Paragraph strong role="status">
              {ukDateLabel(slot.start)}, {ukTime(slot.start)} to {ukTime(slot.end)} ({ukZoneName(slot.start)}) with{' '}
              {slot.tutorName}
            </Paragraph>
          )}
        </>
      )}
    </Dialog>
  );
}
