import type { BookingDto } from '@medtutor/contracts';
import { serverMessage } from '@medtutor/web-kit';
import { Alert, Button, Paragraph } from '@medtutor/web-kit/ui';
import { useState } from 'react';
import { cancelBooking } from '../api/change-booking';
import { cancellationNotice, cancellationOutcome, cancellationRule } from '../utils/cancellation';
import { ukDateLabel, ukTime, ukZoneName } from '../utils/uk-time';
import { Dialog } from './dialog';

export interface CancelDialogProps {
  booking: BookingDto;
  onClose: () => void;
  onDone: (booking: BookingDto) => void;
  fallbackFocusId?: string;
}

/** Confirms a student's cancellation, stating the 24-hour rule and which side of it this one falls on. */
export function CancelDialog({ booking, onClose, onDone, fallbackFocusId }: CancelDialogProps) {
  const [now] = useState(() => new Date());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const late = cancellationOutcome(booking.preferredDateTime, now) === 'used';

  const confirm = async () => {
    setSaving(true);
    setError(null);
    try {
      onDone(await cancelBooking(booking.id));
    } catch (failure) {
      setError(serverMessage(failure) ?? 'The session could not be cancelled. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      title="Cancel this session?"
      onClose={onClose}
      fallbackFocusId={fallbackFocusId}
      footer={
        <>
          <Button data-autofocus onClick={onClose}>
            Keep session
          </Button>
          <Button variant="primary" danger loading={saving} onClick={() => void confirm()}>
            Cancel session
          </Button>
        </>
      }
    >
      <Paragraph strong>
        {booking.subject}, {ukDateLabel(booking.preferredDateTime)} at {ukTime(booking.preferredDateTime)} (
        {ukZoneName(booking.preferredDateTime)})
      </Paragraph>
      <Paragraph>{cancellationRule}</Paragraph>
      <Alert
        type={late ? 'warning' : 'info'}
        showIcon
        title={cancellationNotice(booking, now)}
        style={{ marginBottom: '1rem' }}
      />
      {error && <Alert type="error" showIcon title={error} />}
    </Dialog>
  );
}
