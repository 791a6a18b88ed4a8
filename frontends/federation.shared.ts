import type { RsbuildPlugin } from '@rsbuild/core';

/**
 * Module Federation settings every app uses, so the three builds agree on what is shared and how.
 * React, antd and SWR hold context (hooks, theme, notices, the SWR cache) that must be one instance
 * across the shell and the remotes.
 */

/**
 * antd is shared tree-shaken: every app builds the same trimmed antd holding these exports, so the
 * shell's copy serves every remote. Keep it the union of the antd named imports of all three apps;
 * a remote importing anything else would load a second, full antd.
 */
export const antdExports = [
  'Alert',
  'App',
  'Avatar',
  'Badge',
  'Button',
  'Card',
  'Checkbox',
  'Col',
  'ConfigProvider',
  'DatePicker',
  'Descriptions',
  'Drawer',
  'Empty',
  'Flex',
  'Form',
  'Input',
  'InputNumber',
  'Modal',
  'Popconfirm',
  'Progress',
  'Radio',
  'Rate',
  'Result',
  'Row',
  'Select',
  'Skeleton',
  'Spin',
  'Statistic',
  'Switch',
  'Table',
  'Tabs',
  'Tag',
  'Typography',
  'theme',
];

export const federationDefaults = {
  shared: {
    react: { singleton: true },
    'react-dom': { singleton: true },
    antd: { singleton: true, treeShaking: { mode: 'runtime-infer' as const, usedExports: antdExports } },
    swr: { singleton: true },
  },
  // The shell's copies are loaded first; without this a remote whose name sorts after the host's
  // replaces the registration of the (tree-shaken) antd the page already runs, and loads a second one.
  shareStrategy: 'loaded-first' as const,
  dts: false,
  // Every app runs only in browsers: the federation runtime drops its Node script loaders (2 KB gz of
  // the entry every page loads). disableSnapshot would save ~2 KB more but needs each remote registered
  // by its remoteEntry.js instead of the mf-manifest.json src/lib/remotes.ts uses.
  experiments: { optimization: { target: 'web' as const } },
};

const namedAntdImport = /import\s*\{([^}]*)\}\s*from\s*['"]antd['"]/g;
const otherAntdImport = /import\s+(?!type\b)[\w$*][^;{]*from\s*['"]antd['"]/;

/** Fails the build when a source file uses antd beyond `antdExports`, instead of shipping two antds. */
export const pluginAntdExportsGuard = (): RsbuildPlugin => ({
  name: 'medtutor:antd-exports-guard',
  setup(api) {
    api.transform({ test: /[\\/]src[\\/].*\.tsx?$/ }, ({ code, resourcePath }) => {
      if (otherAntdImport.test(code)) {
        throw new Error(`${resourcePath}: import antd by name (import { X } from 'antd') so it can be shared trimmed.`);
      }
      for (const [, names = ''] of code.matchAll(namedAntdImport)) {
        const missing = names
          .split(',')
          .map(
            (name) =>
              name
                .trim()
                .split(/\s+as\s+/)[0]
                ?.trim() ?? '',
          )
          .filter((name) => name !== '' && !name.startsWith('type ') && !antdExports.includes(name));
        if (missing.length > 0) {
          throw new Error(
            `${resourcePath}: add ${missing.join(', ')} to antdExports in frontends/federation.shared.ts.`,
          );
        }
      }
      return code;
    });
  },
});

/** Workspace sources instead of build output, so a fresh clone builds without a prior step. */
export const workspaceAliases = {
  '@medtutor/contracts': new URL('../packages/contracts/src/index.ts', import.meta.url).pathname,
  '@medtutor/web-kit': new URL('../packages/web-kit/src/index.ts', import.meta.url).pathname,
};
