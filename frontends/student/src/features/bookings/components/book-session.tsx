import type { PackageDto } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button } from '@medtutor/web-kit/ui';
import { useState } from 'react';
import { sessionTime } from '../utils/sessions';
import { preloadSlotPicker, SlotPicker } from './lazy-dialogs';

interface BookSessionProps {
  item: PackageDto;
  durationHours: number;
  label: string;
  /** The time the card asked for the slots at: the picker then opens on SWR's cached reply. */
  now: Date;
}

/** The scheduling card's Book button when the tutor has availability: it opens the slot picker. */
export function BookSession({ item, durationHours, label, now }: BookSessionProps) {
  const [open, setOpen] = useState(false);
  const notices = useNotices();
  return (
    <>
      <Button
        variant="primary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadSlotPicker}
        onFocus={preloadSlotPicker}
      >
        {label}
      </Button>
      {open && (
        <SlotPicker
          request={{ sessionId: item.id, durationHours }}
          subject={item.subject}
          dualTutors={item.hasDualTutors}
          now={now}
          onClose={() => setOpen(false)}
          onDone={(booking) => {
            setOpen(false);
            notices.success('Session booked', sessionTime(booking));
          }}
        />
      )}
    </>
  );
}
