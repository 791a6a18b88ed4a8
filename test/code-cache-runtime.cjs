/* eslint-disable @typescript-eslint/no-require-imports -- jest-runner loads a project's runtime with
   require(), so this file is CommonJS */
// jest's own runtime, with V8's code cache kept for the dependencies the test files of one worker load.
// Every test file gets a fresh module registry, so jest compiles each module it loads (Nest, Prisma's
// runtime, rxjs, zod, pg...) again for every file. V8 takes back the bytecode it made from the very same
// source and skips that compile; a source that changed, or a cache V8 refuses, is compiled as before.
// Only files under node_modules: caching the repo's own sources as well kept every file's memory alive
// in the worker (its heap grew 8 MB a file), while the dependencies' caches level off (docs/adr/0097).
// jest-runtime compiles every CommonJS module with `vm.compileFunction`, hence the wrapper around it.
const { createHash } = require('node:crypto');
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

const compileFunction = vm.compileFunction;
/** File name -> a digest of the source compiled (not the source: it would stay in memory) and V8's cache. */
const compiled = new Map();

vm.compileFunction = function compileFunctionWithCodeCache(code, params, options = {}) {
  const key = options.filename?.includes('/node_modules/') ? options.filename : undefined;
  if (key === undefined) return compileFunction.call(this, code, params, options);
  const digest = createHash('sha1').update(code).digest('base64');
  const known = compiled.get(key);
  if (known !== undefined && known.digest === digest) {
    const fn = compileFunction.call(this, code, params, { ...options, cachedData: known.data });
    if (!fn.cachedDataRejected) return fn;
  }
  const fn = compileFunction.call(this, code, params, { ...options, produceCachedData: true });
  if (fn.cachedData) compiled.set(key, { digest, data: fn.cachedData });
  return fn;
};

module.exports = Runtime;
