import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { workspaceAliases, federationDefaults, pluginAntdExportsGuard } from '../federation.shared';
import { site } from './src/config/site';
import { pluginPrecompress } from './build/precompress-plugin';
import { pluginPrerender, prerenderEnvironment } from './build/prerender-plugin';
import { robotsTxt, sitemapXml } from './src/seo/site-files';

/** The gateway serves the API and the built remotes; `rsbuild dev` forwards to it. */
const gateway = 'http://localhost:8080';

/** The gateway's public origin; unset, its local default. */
const publicBaseUrl = process.env.PUBLIC_BASE_URL ?? 'http://localhost:8080';

/** `SUPPORT_EMAIL` is the services' setting too; unset, it takes the local default of scripts/lib/local-env.sh. */
const supportEmail = process.env.SUPPORT_EMAIL ?? 'support@medpath.local';

/**
 * robots.txt and sitemap.xml need absolute URLs, so they are written at build time for the gateway's
 * public origin `PUBLIC_BASE_URL` (unset: the gateway's local default).
 */
const pluginSiteFiles = (origin: string): RsbuildPlugin => ({
  name: 'medtutor:site-files',
  setup(api) {
    api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
      compilation.emitAsset('robots.txt', new sources.RawSource(robotsTxt(origin)));
      compilation.emitAsset('sitemap.xml', new sources.RawSource(sitemapXml(origin)));
    });
  },
});

/**
 * Two environments: `web`, the browser app (Module Federation host), and, for production builds, the
 * same routes bundled for Node, which `pluginPrerender` uses to write the public pages' HTML.
 */
export default defineConfig(({ command }) => ({
  plugins: [pluginReact(), pluginAntdExportsGuard(), pluginPrerender(), pluginPrecompress()],
  source: {
    define: {
      'import.meta.env.SUPPORT_EMAIL': JSON.stringify(supportEmail),
      'import.meta.env.PUBLIC_BASE_URL': JSON.stringify(publicBaseUrl),
    },
  },
  resolve: { alias: workspaceAliases },
  environments: {
    web: {
      plugins: [
        pluginSiteFiles(publicBaseUrl),
        pluginModuleFederation({
          name: 'shell',
          // Remotes are registered at runtime from window.location.origin (src/lib/remotes.ts).
          remotes: {},
          ...federationDefaults,
        }),
      ],
      source: { entry: { index: './src/index.ts' } },
      html: { title: site.name, template: './index.html', favicon: './src/assets/favicon.svg' },
    },
    ...(command === 'build' && {
      [prerenderEnvironment]: {
        source: { entry: { prerender: './src/prerender/render-page.tsx' } },
        output: {
          target: 'node' as const,
          distPath: { root: 'node_modules/.cache/prerender' },
          filename: { js: '[name].js' },
          minify: false,
        },
      },
    }),
  },
  server: {
    port: 3000,
    historyApiFallback: true,
    proxy: { '/api': gateway, '/remotes': gateway },
  },
}));
