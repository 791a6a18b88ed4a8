#!/usr/bin/env node
// TypeScript 7's own `tsc`, under a name of its own: the root's `typescript` stays 6 (typescript-eslint,
// Prisma, Module Federation and Nest's Swagger plugin load its API, which 7 does not have), and two
// packages both linking a `tsc` leave npm to pick one. docs/adr/0092.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const typescript = dirname(createRequire(import.meta.url).resolve('typescript/package.json'));
await import(pathToFileURL(join(typescript, 'bin', 'tsc')).href);
