/* eslint-disable @typescript-eslint/no-require-imports -- this file's point: each component is required
   through jest's module registry when a spec first uses it */
// `antd` for the components project (jest.config.mjs, docs/adr/0094): the same exports as antd's
// CommonJS index, each loaded on first use. The index requires all 76 components as it loads, about
// 0.75 s a spec file in jsdom, where a spec uses a few; the bundles load only those (rspack tree-shakes
// antd's ES modules).
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const indexPath = require.resolve('antd/lib/index.js');
const index = readFileSync(indexPath, 'utf8');
// `var _affix = _interopRequireDefault(require("./affix"));` gives _affix → ./affix
const paths = new Map(
  [...index.matchAll(/var (_\w+) = _interopRequire\w+\(require\("(\.[^"]+)"\)\);/g)].map(([, variable, path]) => [
    variable,
    join(dirname(indexPath), path),
  ]),
);
// `Object.defineProperty(exports, "Affix", { enumerable: true, get: function () { return _affix.default; } });`
const exported = [
  ...index.matchAll(
    /defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.(\w+);/g,
  ),
];
if (exported.length < 70 || exported.some(([, , variable]) => !paths.has(variable))) {
  throw new Error(`test/antd-lazy.cjs no longer understands ${indexPath}: update it to antd's new index`);
}
for (const [, name, variable, property] of exported) {
  Object.defineProperty(exports, name, { enumerable: true, get: () => require(paths.get(variable))[property] });
}
Object.defineProperty(exports, '__esModule', { value: true });
