// What a hand-written README names must still exist: the files it links or cites and the code names it
// quotes. Used by generate.mjs for the packages' READMEs, whose prose is mostly hand-written, so a
// renamed function or a moved file fails the docs check instead of leaving a stale README.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { REPO } from './collect.mjs';

const FILE_EXTENSIONS = /\.(ts|tsx|mjs|cjs|js|json|md|prisma|conf|ya?ml|sql|sh)$/;
const IDENTIFIER_CHAIN = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?$/;

/** A name worth checking: camelCase with a capital, PascalCase, or an UPPER_SNAKE setting or constant. */
const isCodeName = (part) => /^[a-z$_][a-z0-9]*[A-Z]\w*$/.test(part) || /^[A-Z][a-z]\w*$/.test(part) || isSetting(part);
const isSetting = (part) => /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(part);

/** The names of a chain worth checking: every part after a code name (`MailKitModule.forService`), else its code names. */
function chainNames(parts) {
  const first = parts.findIndex(isCodeName);
  if (first < 0) return [];
  const root = parts[first];
  return /^[A-Z][a-z]|^[a-z$_][a-z0-9]*[A-Z]/.test(root) ? parts.slice(first) : parts.filter(isCodeName);
}

/** Names quoted in prose (`writeOutbox`, `MailKitModule.forService`, `SMTP_URL`). */
function proseNames(span) {
  if (!IDENTIFIER_CHAIN.test(span)) return [];
  return chainNames(span.replace(/\(\)$/, '').split('.'));
}

/**
 * Names used in a TypeScript example: PascalCase names and their members (`EventTypes.hoursUsed`), and
 * calls of plain functions (`enqueueMail(`), not methods on example objects (`tx.payment.update(`).
 */
function exampleNames(code) {
  const names = [];
  for (const match of code.matchAll(/(?<![\w$.])([A-Z][a-z][A-Za-z0-9]*)((?:\.[A-Za-z_$][\w$]*)*)/g)) {
    names.push(match[1], ...match[2].split('.').filter(Boolean));
  }
  for (const match of code.matchAll(/(?<![\w$.])([a-z][A-Za-z0-9]*)\(/g))
    if (isCodeName(match[1])) names.push(match[1]);
  return names;
}

/** A code span that names a file of the repository (`infra/nats/authorization.conf`, `mail-config.spec.ts`). */
const isFileReference = (span) =>
  FILE_EXTENSIONS.test(span) && !/[\s<>*…{}$|]|:\/\//.test(span) && !span.startsWith('@');

/**
 * The problems of one README: links and cited files that do not exist, and quoted code names that no
 * source declares or uses. `code` holds the identifiers of the sources, `strings` the words of their
 * string literals (where settings such as `SMTP_URL` appear), `exists` resolves a cited file.
 */
export function referenceProblems({ file, text, code, strings, exists }) {
  const problems = [];
  const blocks = [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)];
  const prose = blocks.reduce((rest, block) => rest.replace(block[0], ''), text);

  for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1].split('#')[0];
    if (!target || /^[a-z]+:/.test(target)) continue;
    if (!exists(target, { link: true })) problems.push(`${file}: link to ${target}, which does not exist`);
  }
  const names = [];
  for (const match of prose.matchAll(/`([^`\n]+)`/g)) {
    const span = match[1].trim();
    if (isFileReference(span)) {
      if (!exists(span, { link: false })) problems.push(`${file}: \`${span}\` names a file that does not exist`);
    } else {
      names.push(...proseNames(span));
    }
  }
  for (const [, language, body] of blocks)
    if (/^(ts|tsx|typescript)$/.test(language)) names.push(...exampleNames(body));

  for (const name of new Set(names)) {
    const known = code.has(name) || (isSetting(name) && strings.has(name));
    if (!known) problems.push(`${file}: \`${name}\` is named, but no source declares or uses it`);
  }
  return problems;
}

/**
 * Identifiers and string-literal words of the packages' TypeScript sources (comments left out), and
 * the Prisma models of the kit's and the services' schemas.
 */
export function readCodeNames() {
  const code = new Set();
  const strings = new Set();
  const packages = readdirSync(join(REPO, 'packages'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const files = packages.flatMap((entry) =>
    ['src', 'test'].flatMap((dir) => codeFiles(join(REPO, 'packages', entry.name, dir))),
  );
  for (const path of files) {
    const visit = (node) => {
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) code.add(node.text.replace(/^#/, ''));
      else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
        for (const word of node.text.matchAll(/[A-Za-z_$][\w$]*/g)) strings.add(word[0]);
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true));
  }
  const schemas = execFileSync('git', ['ls-files', '-z', '--', '*.prisma'], { cwd: REPO, encoding: 'utf8' });
  for (const schema of schemas.split('\0').filter(Boolean)) {
    for (const model of readFileSync(join(REPO, schema), 'utf8').matchAll(/^model\s+(\w+)/gm)) code.add(model[1]);
  }
  return { code, strings };
}

/**
 * Where a README's citation may point: a link is relative to the README; a cited path may also be
 * relative to its package (or the package's src/) or to the repository, and a bare file name
 * (`schema.prisma`) may be any file of the repository.
 */
export function fileResolver(readme) {
  const dir = dirname(join(REPO, readme));
  const pkg = join(REPO, readme.split('/').slice(0, 2).join('/'));
  let repositoryFiles;
  return (target, { link }) => {
    if (link) return existsSync(join(dir, target));
    if ([dir, join(dir, 'src'), pkg, join(pkg, 'src'), REPO].some((base) => existsSync(join(base, target))))
      return true;
    if (target.includes('/')) return false;
    repositoryFiles ??= new Set(
      execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
        .split('\0')
        .map((path) => path.split('/').pop()),
    );
    return repositoryFiles.has(target);
  };
}

/** Every TypeScript file under `dir`, React components included, tests and generated clients left out. */
function codeFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(spec|int-spec|test)\.tsx?$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !/\/(generated|node_modules)\//.test(path))
    .sort();
}
