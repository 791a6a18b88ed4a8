import { mergeRsbuildConfig, type RsbuildConfig, type ConfigParams } from '@rsbuild/core';
import { fileURLToPath } from 'node:url';
import shellConfig from '../rsbuild.config';
import { prerenderEnvironment } from './prerender-plugin';

/** Where the build with source maps goes: apart from dist/, which the gateway serves and other builds write. */
export const sourceMapsDist = fileURLToPath(new URL('../node_modules/.cache/source-maps/dist', import.meta.url));

/**
 * The production build with JavaScript source maps, for `node bench/web/js-makeup.mjs`, which tells
 * what each route's start-up JavaScript is made of. Run from frontends/shell:
 * `npx rsbuild build --mode production --config build/source-maps.config.ts`.
 */
export default (params: ConfigParams) =>
  mergeRsbuildConfig((shellConfig as (params: ConfigParams) => RsbuildConfig)(params), {
    output: { sourceMap: { js: 'source-map' } },
    environments: {
      web: { output: { distPath: { root: sourceMapsDist } } },
      [prerenderEnvironment]: {
        output: {
          distPath: { root: fileURLToPath(new URL('../node_modules/.cache/source-maps/prerender', import.meta.url)) },
        },
      },
    },
  });
