// What other features may use of the calendar feed (npm run deps:check forbids deeper imports).
export { CalendarFeedCard } from './components/calendar-feed-card';
