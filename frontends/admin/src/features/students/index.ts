// What other features may use of Student Management (npm run deps:check forbids deeper imports).
export { adminUsersKey, useAdminUsers } from './api/get-admin-users';
export { holdReason, remainingHours } from './utils/hours';
