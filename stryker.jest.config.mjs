// The jest config Stryker runs (stryker.config.mjs): the repo's unit setup, with one test file that
// imports the specs of the mutated modules (test/mutation/specs.ts says why).
import { shared } from './jest.config.mjs';

export default {
  ...shared,
  displayName: 'mutation',
  // Jest maps only these folders, not the whole repo, on each of the thousand runs.
  roots: [
    '<rootDir>/test/mutation',
    '<rootDir>/packages/contracts/src',
    '<rootDir>/services/catalog-payments/src/modules/discount-codes',
    '<rootDir>/services/tutoring/src/modules/shared',
  ],
  testMatch: ['<rootDir>/test/mutation/specs.ts'],
};
