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
      name: 'admin',
      // The back office and the tutor portal (/tutor) are separate modules: each page loads only its own code.
      exposes: { './App': './src/app/admin-app.tsx', './TutorPortal': './src/app/tutor-portal-app.tsx' },
      ...remoteFederation,
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  resolve: { alias: workspaceAliases },
  splitChunks: remoteSplitChunks,
  html: { title: 'Admin Dashboard' },
  // Served under /remotes/admin/ by the gateway: chunks resolve relative to where the manifest was loaded.
  output: { assetPrefix: 'auto' },
});
