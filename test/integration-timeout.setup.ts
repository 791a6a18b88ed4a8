import { jest } from '@jest/globals';

// Jest reads `testTimeout` from the global config only, so a project's own value would be ignored:
// integration tests start services and servers, which takes longer than the 5 s default under load.
jest.setTimeout(60_000);
