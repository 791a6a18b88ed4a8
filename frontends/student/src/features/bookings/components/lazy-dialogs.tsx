import { Text } from '@medtutor/web-kit/ui';
import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';

// The dialogs (and their CSS) download when first opened, or when the pointer or focus reaches a
// button that opens them, so the dashboard's start-up JavaScript does not carry them.
const loadPicker = () => import('./slot-picker');
const loadCancel = () => import('./cancel-dialog');

export const preloadSlotPicker = (): void => void loadPicker().catch(() => undefined);
export const preloadCancelDialog = (): void => void loadCancel().catch(() => undefined);

const LazyPicker = lazy(() => loadPicker().then((module) => ({ default: module.SlotPicker })));
const LazyCancel = lazy(() => loadCancel().then((module) => ({ default: module.CancelDialog })));

function whenLoaded<P extends object>(Dialog: ComponentType<P>) {
  return function Loaded(props: P) {
    return (
      <Suspense fallback={<Text type="secondary">Loading…</Text>}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

export const SlotPicker = whenLoaded<ComponentProps<typeof LazyPicker>>(LazyPicker);
export const CancelDialog = whenLoaded<ComponentProps<typeof LazyCancel>>(LazyCancel);
