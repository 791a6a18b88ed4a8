import { useNotices } from '@medtutor/web-kit';
import {
  Component,
  createElement,
  type ComponentType,
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useState,
} from 'react';
import './lazy-dialog.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** While the dialog's code downloads: the page is masked (no second click lands) and a spinner says it is coming. */
function DialogLoading({ onCancel }: { onCancel: () => void }) {
  useEffect(() => {
    // Focus stays on the button that opened the dialog (antd's Modal returns it there on close); Tab
    // would reach the page's other buttons under the mask, Escape gives up like it closes the dialog.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
      if (event.key === 'Tab') event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [onCancel]);

  return (
    <div className="dialog-loading" role="status" aria-live="polite">
      <div className="dialog-loading__box">
        <span className="dialog-loading__spinner" aria-hidden="true" />
        <span className="visually-hidden">Loading…</span>
      </div>
    </div>
  );
}

/** A failed download closes the dialog with a notice; the next open tries again. */
class DialogLoadBoundary extends Component<
  { onFailed: (error: Error) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error('Dialog failed to load', error);
    this.props.onFailed(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A dialog whose code (antd and all) downloads on its first open, or earlier through `prefetch`
 * (pointer-enter or focus on the button that opens it), so pages that offer it load none of it.
 * `load` is called once; after a failure, again by the next open or prefetch (never by React
 * re-rendering, which would retry without end while offline).
 */
export function lazyDialog<P extends DialogProps>(
  load: () => Promise<ComponentType<P>>,
): { Dialog: (props: P) => ReactNode; prefetch: () => void } {
  let loading: Promise<ComponentType<P>> | undefined;
  let failed = false;
  const startLoading = () => {
    if (failed) loading = undefined;
    if (!loading) {
      failed = false;
      loading = load();
      loading.catch(() => {
        failed = true;
      });
    }
    return loading;
  };

  // use() rather than React.lazy, which would keep a failed download's error for good. The promise is
  // the module-wide one, so the component is the same on every render (as in RemoteSlot).
  function LoadedDialog(props: P) {
    return createElement(use(loading ?? startLoading()), props);
  }

  function Dialog(props: P) {
    const { open, onClose } = props;
    const notices = useNotices();
    // Mounted from the first open on: a later close then animates out and a reopen is instant.
    const [requested, setRequested] = useState(false);
    // A new boundary for each try, so one that failed before renders again.
    const [failures, setFailures] = useState(0);
    if (open && !requested) {
      startLoading();
      setRequested(true);
    }
    if (!requested) return null;

    const giveUp = (error: Error) => {
      setRequested(false);
      setFailures((count) => count + 1);
      onClose();
      notices.error('Error', error);
    };
    return (
      <DialogLoadBoundary key={failures} onFailed={giveUp}>
        <Suspense fallback={open ? <DialogLoading onCancel={onClose} /> : null}>
          <LoadedDialog {...props} />
        </Suspense>
      </DialogLoadBoundary>
    );
  }

  const prefetch = () => {
    // A failed prefetch is tried again by the open that follows.
    startLoading().catch(() => undefined);
  };
  return { Dialog, prefetch };
}
