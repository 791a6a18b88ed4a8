import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { workspaceAliases, remoteFederation, remoteSplitChunks } from '../federation.shared';
import { pluginPrecompress } from '../precompress-plugin';

export default defineConfig({
  plugins: [
    pluginReact(),
    // The gateway sends a file compressed only if the build wrote a compressed copy of it.
    pluginPrecompress(),
    pluginModuleFederation({
      name: 'student',
      exposes: { './App': './src/app/student-app.tsx' },
      ...remoteFederation,
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  resolve: { alias: workspaceAliases },
  splitChunks: remoteSplitChunks,
  html: { title: 'My Tutoring' },
  // Served under /remotes/student/ by the gateway: chunks resolve relative to where the manifest was loaded.
  output: { assetPrefix: 'auto' },
});
