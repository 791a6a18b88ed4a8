import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { workspaceAliases, federationDefaults, pluginAntdExportsGuard } from '../federation.shared';

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
  source: { entry: { index: './src/index.ts' } },
  resolve: { alias: workspaceAliases },
  html: { title: 'My Tutoring' },
  // Served under /remotes/student/ by the gateway: chunks resolve relative to where the manifest was loaded.
  output: { assetPrefix: 'auto' },
});
