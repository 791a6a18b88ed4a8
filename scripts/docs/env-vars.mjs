// A service's environment variables, read from the zod schema its config parses at start. The
// schema is imported for real (through ts-hooks.mjs), because parts of it are built in code (the
// tutoring service's TUTOR_SEED_* names) where reading the source would miss them.
import { readdirSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { REPO, sourceFiles } from './collect.mjs';

register('./ts-hooks.mjs', import.meta.url);

/** Steps through wrappers (transform pipes, preprocessing, optional, default) to the object. */
function objectShape(schema) {
  for (let depth = 0; depth < 12; depth += 1) {
    const def = schema._zod.def;
    if (def.type === 'object') return def.shape;
    schema = def.in ?? def.innerType ?? def.schema;
    if (!schema) break;
  }
  throw new Error('env schema: no object inside');
}

/** The default a field gets when unset, looking through pipes and optional wrappers. */
function defaultOf(field) {
  for (let depth = 0; field && depth < 12; depth += 1) {
    const def = field._zod.def;
    if (def.type === 'default') return typeof def.defaultValue === 'function' ? def.defaultValue() : def.defaultValue;
    field = def.type === 'pipe' ? (def.in._zod.def.type === 'transform' ? def.out : def.in) : def.innerType;
  }
  return undefined;
}

/** The first line of the JSDoc on each UPPER_CASE property in these files. */
function envComments(files) {
  const comments = new Map();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && /^[A-Z][A-Z0-9_]+$/.test(node.name.text)) {
        const doc = ts.getJSDocCommentsAndTags(node).find(ts.isJSDoc);
        const text = typeof doc?.comment === 'string' ? doc.comment.replace(/\s+/g, ' ').trim() : '';
        if (text && !comments.has(node.name.text)) comments.set(node.name.text, text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return comments;
}

/** What a variable means where its schema carries no comment (the root README's words). */
const FALLBACK_MEANINGS = [
  [/^NODE_ENV$/, '`production` refuses local fallbacks (mail folder, demo payments, published keys)'],
  [/^NATS_URL$/, 'NATS with JetStream; comma-separated for a cluster'],
  [/^LOG_LEVEL$/, 'pino level'],
  [/^[A-Z]+_DATABASE_URL$/, "`postgresql://` URL of the service's own database"],
  [/^ACTOR_VERIFY_KEYS$/, 'the gateway\'s Ed25519 public key(s), PEM blocks or a JWKS (root README, "Actor keys")'],
  [/^MAIL_FROM$/, 'sender address of its emails'],
  [/^MAIL_OUTBOX_DIR$/, 'folder of the local mail transport, used without `SMTP_URL` (default `.var/mail-outbox`)'],
  [/^SEED_ADMIN_(EMAIL|PASSWORD)$/, 'the administrator created at first start; both or neither'],
  [/^STRIPE_(SECRET_KEY|PUBLISHABLE_KEY|WEBHOOK_SECRET)$/, 'Stripe keys; required for the Stripe provider'],
  [/^DISCOUNT_CODE_SEED_(\d+)$/, 'name of the pre-existing single-use code worth that many pounds (unset: not seeded)'],
  [/^TUTOR_SEED_\d_(NAME|CALENDAR_LINK|PHOTO_URL)$/, 'a built-in tutor; local defaults outside production'],
];

/** `{ name, required, default, meaning }` for every variable of services/<name>'s env schema. */
export async function readServiceEnv(name) {
  const configDir = join(REPO, 'services', name, 'src/config');
  const configFile = readdirSync(configDir).find((file) => /\.config\.ts$/.test(file));
  if (!configFile) throw new Error(`services/${name}/src/config: no *.config.ts`);
  const module = await import(pathToFileURL(join(configDir, configFile)).href);
  const schemaName = Object.keys(module).find((key) => /EnvSchema$/.test(key));
  if (!schemaName) throw new Error(`services/${name}/src/config/${configFile}: no exported *EnvSchema`);
  const comments = envComments([join(configDir, configFile), ...sourceFiles(join(REPO, 'packages/nest-kit/src'))]);
  return Object.entries(objectShape(module[schemaName])).map(([variable, field]) => {
    const fallback = defaultOf(field);
    return {
      name: variable,
      required: field._zod.optin !== 'optional' && fallback === undefined,
      default: fallback,
      meaning: comments.get(variable) ?? FALLBACK_MEANINGS.find(([pattern]) => pattern.test(variable))?.[1] ?? '',
    };
  });
}
