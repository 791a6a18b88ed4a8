// What other features may use of the purchased hours packages (npm run deps:check forbids deeper imports).
export { userPackagesKey } from './api/get-user-packages';
export { type HoursSummary, holdReason, remainingHours } from './utils/package-status';
