import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { contractsAlias, federationDefaults, pluginAntdExportsGuard } from '../federation.shared';
import { site } from './src/config/site';

/** The gateway serves the API and the built remotes; `rsbuild dev` forwards to it. */
const gateway = 'http://localhost:8080';

/** `SUPPORT_EMAIL` is the services' setting too; unset, it takes the local default of scripts/lib/local-env.sh. */
const supportEmail = process.env.SUPPORT_EMAIL ?? 'support@localhost';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginAntdExportsGuard(),
    pluginModuleFederation({
      name: 'shell',
      // Remotes are registered at runtime from window.location.origin (src/lib/remotes.ts).
      remotes: {},
      ...federationDefaults,
    }),
  ],
  source: {
    entry: { index: './src/index.ts' },
    define: { 'import.meta.env.SUPPORT_EMAIL': JSON.stringify(supportEmail) },
  },
  resolve: { alias: contractsAlias },
  html: { title: site.name, template: './index.html', favicon: './src/assets/favicon.svg' },
  server: {
    port: 3000,
    historyApiFallback: true,
    proxy: { '/api': gateway, '/remotes': gateway },
  },
});
