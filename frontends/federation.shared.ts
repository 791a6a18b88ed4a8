/**
 * Module Federation settings every app uses, so the three builds agree on what is a singleton.
 * React, antd and SWR hold context (hooks, theme, notices, the SWR cache) that must be one instance
 * across the shell and the remotes.
 */
export const sharedSingletons = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  antd: { singleton: true },
  swr: { singleton: true },
};

/** Workspace sources instead of the contracts build output, so a fresh clone builds without a prior step. */
export const contractsAlias = {
  '@medtutor/contracts': new URL('../packages/contracts/src/index.ts', import.meta.url).pathname,
};
