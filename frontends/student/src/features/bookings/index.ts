// What other features may use of the bookings (npm run deps:check forbids deeper imports).
export { useSlots } from './api/get-slots';
export { BookSession } from './components/book-session';
export { MySessions } from './components/my-sessions';
