import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { PAGE_SETTINGS_META, PAGE_SETTINGS_TOKENS, pageSettingsAttribute } from '@medtutor/contracts';
import { workspaceAliases, hostFederation } from '../federation.shared';
import { site } from './src/config/site';
import { pluginPrecompress } from '../precompress-plugin';
import { pluginPrerender, prerenderEnvironment } from './build/prerender-plugin';
import { robotsTxt, sitemapXml } from './src/seo/site-files';

/** The gateway serves the API and the built remotes; `rsbuild dev` forwards to it. */
const gateway = 'http://localhost:8080';

/**
 * The build is the same for every environment: `PUBLIC_BASE_URL` and `SUPPORT_EMAIL` are not read
 * here. The gateway writes them into each page it serves (src/config/page-settings.ts reads them),
 * and replaces their tokens wherever the build had to write one: robots.txt and sitemap.xml need
 * absolute URLs, and the prerendered pages carry the origin and the address in their markup.
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
  plugins: [pluginReact(), pluginPrerender(), pluginPrecompress()],
  resolve: { alias: workspaceAliases },
  environments: {
    web: {
      plugins: [
        pluginSiteFiles(PAGE_SETTINGS_TOKENS.publicBaseUrl),
        pluginModuleFederation({
          name: 'shell',
          // Remotes are registered at runtime from window.location.origin (src/lib/remotes.ts).
          remotes: {},
          ...hostFederation,
        }),
      ],
      source: { entry: { index: './src/index.ts' } },
      html: {
        title: site.name,
        template: './index.html',
        favicon: './src/assets/favicon.svg',
        // `rsbuild dev` serves its pages without the gateway: they get the settings it would write
        // (the local defaults of scripts/lib/local-env.sh unless set). rsbuild writes attributes as given.
        tags:
          command === 'dev'
            ? [
                {
                  tag: 'meta',
                  head: true,
                  append: false,
                  attrs: {
                    name: PAGE_SETTINGS_META,
                    content: pageSettingsAttribute({
                      publicBaseUrl: process.env.PUBLIC_BASE_URL ?? gateway,
                      supportEmail: process.env.SUPPORT_EMAIL ?? 'support@medpath.local',
                    }),
                  },
                },
              ]
            : [],
      },
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
