import { Button, CloseIcon } from '@medtutor/web-kit/ui';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import './dialog.css';

interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  footer: ReactNode;
  /** Where focus goes on close when the button that opened the dialog is gone (its booking moved lists). */
  fallbackFocusId?: string;
  children: ReactNode;
}

/**
 * A modal native <dialog>, mounted while open: the browser keeps focus inside and the page behind
 * inert, Escape closes it; focus starts on the `data-autofocus` control and returns to the opener on close.
 * The UI kit has no dialog, and antd's Modal would download antd for two small forms.
 */
export function Dialog({ title, onClose, footer, fallbackFocusId, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    // The browser focuses the first control, the close button; the form's first field is more useful.
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog?.close();
      const target = opener?.isConnected ? opener : fallbackFocusId ? document.getElementById(fallbackFocusId) : null;
      target?.focus();
    };
  }, [fallbackFocusId]);

  return (
    <dialog
      ref={ref}
      className="booking-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: React unmounts the dialog, so the browser must not close it behind React's back.
        event.preventDefault();
        onClose();
      }}
    >
      <div className="booking-dialog__head">
        <h2 id={titleId} className="booking-dialog__title">
          {title}
        </h2>
        <Button variant="text" size="small" aria-label="Close" icon={<CloseIcon />} onClick={onClose} />
      </div>
      <div className="booking-dialog__body">{children}</div>
      <div className="booking-dialog__foot">{footer}</div>
    </dialog>
  );
}
