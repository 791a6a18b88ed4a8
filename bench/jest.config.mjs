// `npm run bench`: measurements against the real services, kept out of `npm test` (a timing is a
// figure to report, not a pass/fail test). Same transform and module mapping as the test projects.
import { shared } from '../jest.config.mjs';

export default {
  ...shared,
  rootDir: '..',
  displayName: 'bench',
  testMatch: ['<rootDir>/bench/**/*.bench.ts'],
  testTimeout: 600_000,
};
