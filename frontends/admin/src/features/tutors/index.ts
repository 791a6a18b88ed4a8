// What other features may use of the tutor directory (npm run deps:check forbids deeper imports).
export { useTutors } from './api/get-tutors';
