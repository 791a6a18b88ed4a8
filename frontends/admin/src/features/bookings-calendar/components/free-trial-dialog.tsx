import { type BookingDto, BookingRules, type FreeTrialRequestDto, type TutorDto } from '@medtutor/contracts';
import { serverMessage, useNotices } from '@medtutor/web-kit';
import { Alert, Descriptions, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { BackOfficeNotices as N } from '../../../lib/messages';
import { bookFreeTrial } from '../api/book-free-trial';
import { useFreeTrialRequests } from '../api/get-free-trial-requests';
import { BookingStatusLabels } from '../utils/booking-status';
import { freeTrialBody, type FreeTrialFormValues } from '../utils/free-trial-form';
import { ukDateOf, ukInstant, ukMomentLabel, ukSpanLabel, UkTimeMessages } from '../utils/uk-time';

const durations = Array.from(
  { length: (BookingRules.freeTrialMaxMinutes - BookingRules.freeTrialMinMinutes) / 5 + 1 },
  (_, i) => BookingRules.freeTrialMinMinutes + i * 5,
);

const requestLabel = (request: FreeTrialRequestDto) =>
  `#${request.id} ${request.firstName} ${request.lastName} · ${request.subject} · requested ${new Date(
    request.createdAt,
  ).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/London' })}`;

function RequestDetails({ request }: { request: FreeTrialRequestDto }) {
  return (
    <Descriptions
      size="small"
      column={1}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'email', label: 'Email', children: request.email ?? 'Not given' },
        { key: 'phone', label: 'Phone', children: request.phone },
        { key: 'parent', label: 'Parent or guardian', children: request.isParent ? 'Yes' : 'No' },
        { key: 'notes', label: 'Notes', children: request.additionalInfo ?? 'None' },
        { key: 'asked', label: 'Requested', children: ukMomentLabel(request.createdAt) },
      ]}
    />
  );
}

/**
 * Book a trial request's free trial: the request (from the newest ones; those already booked are
 * shown but cannot be picked), the tutor, the UK date and time, and 15–30 minutes.
 */
export function FreeTrialDialog({
  tutors,
  defaultTutorId,
  onClose,
  onBooked,
}: {
  tutors: TutorDto[];
  defaultTutorId: number | undefined;
  onClose: () => void;
  onBooked: (booking: BookingDto) => void;
}) {
  const requests = useFreeTrialRequests();
  const notices = useNotices();
  const { mutate } = useSWRConfig();
  const [values, setValues] = useState<FreeTrialFormValues>({
    tutorId: defaultTutorId,
    durationMinutes: BookingRules.freeTrialMaxMinutes,
  });
  const [problem, setProblem] = useState<{ field: keyof FreeTrialFormValues | 'server'; message: string }>();
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<FreeTrialFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const chosen = requests.data?.find((request) => request.id === values.consultationId);
  const start = ukInstant(values.date ?? '', values.time ?? '');

  const save = async () => {
    const result = freeTrialBody(values);
    if (!result.ok) {
      setProblem({ field: result.field, message: result.message });
      return;
    }
    setProblem(undefined);
    setSaving(true);
    try {
      const booking = await bookFreeTrial(result.body, mutate);
      notices.success(
        N.freeTrialBooked,
        `${booking.studentName}, ${ukSpanLabel(booking.preferredDateTime, booking.endsAt)}`,
      );
      onBooked(booking);
    } catch (error) {
      setProblem({ field: 'server', message: serverMessage(error) ?? N.freeTrialFailed });
    } finally {
      setSaving(false);
    }
  };

  const fieldProblem = (field: keyof FreeTrialFormValues) =>
    problem?.field === field ? { validateStatus: 'error' as const, help: problem.message } : {};

  return (
    <Modal
      open
      title="Book a free trial"
      okText="Book free trial"
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={save} disabled={saving}>
        <Form.Item
          label="Free-trial request"
          htmlFor="free-trial-request"
          required
          extra={requests.error ? 'The requests could not be loaded.' : 'The newest requests from the free-trial form.'}
          {...fieldProblem('consultationId')}
        >
          <Select<number>
            id="free-trial-request"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Choose a request"
            loading={requests.isLoading}
            value={values.consultationId}
            onChange={(consultationId) => set({ consultationId })}
            notFoundContent="No free-trial requests"
            options={(requests.data ?? []).map((request) => ({
              value: request.id,
              label: request.booking
                ? `${requestLabel(request)} (${BookingStatusLabels[request.booking.status]}: ${ukMomentLabel(request.booking.start)})`
                : requestLabel(request),
              disabled: request.booking !== null,
            }))}
          />
        </Form.Item>
        {chosen && <RequestDetails request={chosen} />}
        <Form.Item label="Tutor" htmlFor="free-trial-tutor" required {...fieldProblem('tutorId')}>
          <Select<number>
            id="free-trial-tutor"
            placeholder="Choose a tutor"
            value={values.tutorId}
            onChange={(tutorId) => set({ tutorId })}
            options={tutors.filter((tutor) => tutor.active).map((tutor) => ({ value: tutor.id, label: tutor.name }))}
          />
        </Form.Item>
        <Flex gap="middle" wrap>
          <Form.Item label="Date (UK)" htmlFor="free-trial-date" required {...fieldProblem('date')}>
            <Input
              id="free-trial-date"
              type="date"
              min={ukDateOf(new Date().toISOString())}
              value={values.date ?? ''}
              onChange={(event) => set({ date: event.target.value })}
            />
          </Form.Item>
          <Form.Item label="Start time (UK time)" htmlFor="free-trial-time" required {...fieldProblem('time')}>
            <Input
              id="free-trial-time"
              type="time"
              step={300}
              value={values.time ?? ''}
              onChange={(event) => set({ time: event.target.value })}
            />
          </Form.Item>
          <Form.Item label="Length" htmlFor="free-trial-duration" required {...fieldProblem('durationMinutes')}>
            <Select<number>
              id="free-trial-duration"
              style={{ minWidth: 120 }}
              value={values.durationMinutes}
              onChange={(durationMinutes) => set({ durationMinutes })}
              options={durations.map((minutes) => ({ value: minutes, label: `${minutes} minutes` }))}
            />
          </Form.Item>
        </Flex>
        {start.ok && start.repeated && (
          <Typography.Paragraph type="secondary">{UkTimeMessages.repeated}</Typography.Paragraph>
        )}
        {problem?.field === 'server' && (
          <Alert type="error" showIcon title={N.freeTrialFailed} description={problem.message} />
        )}
      </Form>
    </Modal>
  );
}
