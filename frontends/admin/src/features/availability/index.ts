// What other features may use of the availability editor (npm run deps:check forbids deeper imports).
export { AvailabilityEditor } from './components/availability-editor';
