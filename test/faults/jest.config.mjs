// `npm run test:faults`: issue 13's fault scenarios against the built platform (dist/), one file at
// a time (run in band: the scenarios kill and restart processes of one shared system).
import { shared } from '../../jest.config.mjs';

export default {
  ...shared,
  rootDir: '../..',
  displayName: 'faults',
  testMatch: ['<rootDir>/test/faults/*.fault-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  globalSetup: '<rootDir>/test/faults/require-build.mjs',
  testTimeout: 240_000,
};
