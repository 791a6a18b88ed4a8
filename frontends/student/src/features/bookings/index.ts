// What other features may use of the bookings (npm run deps:check forbids deeper imports).
export { useBookings } from './api/get-bookings';
export { useSlots } from './api/get-slots';
export { BookSession } from './components/book-session';
export { MySessions } from './components/my-sessions';
export { bookedHoursByPackage } from './utils/sessions';
