import type { BookingDialogProps } from './booking-dialog-content';
import { lazyDialog } from './lazy-dialog';

const bookingDialog = lazyDialog<BookingDialogProps>(() =>
  import(/* webpackChunkName: "booking-dialog" */ './booking-dialog-content').then((m) => m.BookingDialogContent),
);

/**
 * Booking one session (booking-dialog-content.tsx). Renders nothing until first opened, then loads
 * the antd dialog; pages that offer it download none of antd at load.
 */
export const BookingDialog = bookingDialog.Dialog;

/** Starts the download before the click: for the pointer-enter and focus of the buttons that open it. */
export const prefetchBookingDialog = bookingDialog.prefetch;
