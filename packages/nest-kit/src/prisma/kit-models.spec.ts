import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { KIT_MODELS_DIR, KIT_MODELS_FOLDER, schemaWithKits } from './kit-models.js';

describe('schemaWithKits', () => {
  let folder: string;
  const shared = () => join(folder, KIT_MODELS_FOLDER);

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'kit-models-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it("returns the folder for Prisma's `schema`, holding the named kits' models from nest-kit/prisma", () => {
    expect(schemaWithKits(folder, ['event-kit', 'mail-kit'])).toBe(folder);
    expect(readdirSync(shared()).sort()).toEqual(['event-kit.prisma', 'mail-kit.prisma']);
    const written = readFileSync(join(shared(), 'event-kit.prisma'), 'utf8');
    expect(written).toMatch(/^\/\/ Written from packages\/nest-kit\/prisma\/event-kit\.prisma .*edit that file\.\n/);
    expect(written.endsWith(readFileSync(join(KIT_MODELS_DIR, 'event-kit.prisma'), 'utf8'))).toBe(true);
  });

  it('drops a kit the service no longer names, and a stale or hand-edited file is rewritten', () => {
    schemaWithKits(folder, ['event-kit', 'mail-kit']);
    writeFileSync(join(shared(), 'event-kit.prisma'), 'model Edited {\n  id Int @id\n}\n');
    schemaWithKits(folder, ['event-kit']);
    expect(readdirSync(shared())).toEqual(['event-kit.prisma']);
    expect(readFileSync(join(shared(), 'event-kit.prisma'), 'utf8')).toContain('model OutboxEvent {');
  });

  it('leaves an up-to-date file untouched: another Prisma command may be reading it', () => {
    schemaWithKits(folder, ['event-kit']);
    const file = join(shared(), 'event-kit.prisma');
    const before = statSync(file, { bigint: true }).mtimeNs;
    schemaWithKits(folder, ['event-kit']);
    expect(statSync(file, { bigint: true }).mtimeNs).toBe(before);
  });
});
