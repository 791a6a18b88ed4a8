import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { workspaceAliases, federationDefaults, pluginAntdExportsGuard } from '../federation.shared';

/** `SUPPORT_EMAIL` as the shell reads it (shell/rsbuild.config.ts); unset, the local default of scripts/lib/local-env.sh. */
const supportEmail = process.env.SUPPORT_EMAIL ?? 'support@medpath.local';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginAntdExportsGuard(),
    pluginModuleFederation({
      name: 'student',
      exposes: { './App': './src/app/student-app.tsx' },
      ...federationDefaults,
    }),
  ],
  source: {
    entry: { index: './src/index.ts' },
    define: { 'import.meta.env.SUPPORT_EMAIL': JSON.stringify(supportEmail) },
  },
  resolve: { alias: workspaceAliases },
  html: { title: 'My Tutoring' },
  // Served under /remotes/student/ by the gateway: chunks resolve relative to where the manifest was loaded.
  output: { assetPrefix: 'auto' },
});
