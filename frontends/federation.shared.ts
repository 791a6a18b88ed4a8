/**
 * Module Federation settings every app uses, so the three builds agree on what is shared and how.
 * React and SWR hold state (hooks, the SWR cache with the session) that must be one instance across
 * the shell and the remotes. antd is not shared: each app imports it per component into its own
 * lazily loaded chunks, so a page loads only the components it draws (a shared antd is one
 * indivisible module of every component any app uses, 314 KB gzipped). Each app's antd parts sit
 * under their own web-kit AntdRoot.
 */

export const federationDefaults = {
  shared: {
    react: { singleton: true },
    'react-dom': { singleton: true },
    // antd's helpers render through react-dom/client: unshared, every remote carried a second React DOM.
    'react-dom/client': { singleton: true },
    swr: { singleton: true },
  },
  // The shell's copies, already running, serve the remotes: a remote never brings a second React.
  shareStrategy: 'loaded-first' as const,
  dts: false,
  // Every app runs only in browsers: the federation runtime drops its Node script loaders (2 KB gz of
  // the entry every page loads). disableSnapshot would save ~2 KB more but needs each remote registered
  // by its remoteEntry.js instead of the mf-manifest.json src/lib/remotes.ts uses.
  experiments: { optimization: { target: 'web' as const } },
};

/**
 * The shell publishes its federation runtime and the remotes use it, instead of each remote entry
 * carrying its own copy (26 KB gzipped on every dashboard).
 */
export const hostFederation = {
  ...federationDefaults,
  experiments: { ...federationDefaults.experiments, provideExternalRuntime: true },
};
export const remoteFederation = {
  ...federationDefaults,
  experiments: { ...federationDefaults.experiments, externalRuntime: true },
};

/**
 * How a remote splits its code: rspack's own rules (a chunk per combination of lazily loaded parts
 * that use a module) instead of rsbuild's vendor groups, which put every package the exposed root
 * reaches into one chunk, the fallback copies of the shared React and SWR included, so a dashboard
 * downloaded a React it never runs with all of antd. Each lazily loaded part (a tab, a dialog) then
 * brings only the antd components it draws.
 */
export const remoteSplitChunks = { preset: 'none' as const, chunks: 'async' as const };

/** Workspace sources instead of build output, so a fresh clone builds without a prior step. */
export const workspaceAliases = {
  '@medtutor/contracts': new URL('../packages/contracts/src/index.ts', import.meta.url).pathname,
  '@medtutor/web-kit$': new URL('../packages/web-kit/src/index.ts', import.meta.url).pathname,
  '@medtutor/web-kit/antd': new URL('../packages/web-kit/src/antd-root.tsx', import.meta.url).pathname,
  '@medtutor/web-kit/ui$': new URL('../packages/web-kit/src/ui/index.ts', import.meta.url).pathname,
  '@medtutor/web-kit/package-ledger$': new URL('../packages/web-kit/src/package-ledger.ts', import.meta.url).pathname,
  '@medtutor/web-kit/zod-rule$': new URL('../packages/web-kit/src/zod-rule.ts', import.meta.url).pathname,
  '@medtutor/web-kit/ui.css': new URL('../packages/web-kit/src/ui/ui.css', import.meta.url).pathname,
};
