import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/**
 * Issue 29: a payment's status (and the rest of its lifecycle) has one owner. Transitions are decided
 * in `payment-states.ts` and written only by `PaymentRepository.apply`; this scan of the service's
 * sources fails when another file writes them through Prisma or SQL.
 */
const src = dirname(fileURLToPath(import.meta.url));
const OWNER = 'modules/payments/payment.repository.ts';
const LIFECYCLE =
  /\b(status|paidAt|paid_at|failureReason|failure_reason|refundedMinor|refunded_minor|conflictAt|conflict_at|conflictReason|conflict_reason)\b/;
const WRITE_CALL =
  /\.payment\s*\.\s*(update|updateMany|updateManyAndReturn|upsert|create|createMany|createManyAndReturn)\s*\(/g;
const RAW_WRITE = /\b(UPDATE\s+"?payments"?\s|INSERT\s+INTO\s+"?payments"?\b)/i;

/** The text of each Prisma write on the payment model, with its arguments, and each raw SQL write. */
function paymentWrites(source: string): string[] {
  const writes: string[] = [];
  for (const match of source.matchAll(WRITE_CALL)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (end < source.length && depth > 0) {
      if (source[end] === '(') depth += 1;
      if (source[end] === ')') depth -= 1;
      end += 1;
    }
    writes.push(source.slice(match.index, end));
  }
  for (const line of source.split('\n')) if (RAW_WRITE.test(line)) writes.push(line.trim());
  return writes;
}

const lifecycleWrites = (source: string) => paymentWrites(source).filter((write) => LIFECYCLE.test(write));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [relative(src, path)] : [];
  });
}

describe('who writes a payment', () => {
  const files = sources(src).map((file) => ({ file, text: readFileSync(join(src, file), 'utf8') }));

  it('finds a status written through Prisma or SQL, and lets other fields pass', () => {
    expect(lifecycleWrites(`await tx.payment.updateMany({ where: { id }, data: { status: 'failed' } });`)).toHaveLength(
      1,
    );
    expect(
      lifecycleWrites(`await this.prisma.payment.update({\n  where: { id },\n  data: { paidAt: at },\n});`),
    ).toHaveLength(1);
    expect(
      lifecycleWrites("await tx.$executeRaw`UPDATE payments SET status = 'canceled' WHERE id = ${id}`;"),
    ).toHaveLength(1);
    expect(lifecycleWrites(`await tx.payment.update({ where: { id }, data: { providerChargeId } });`)).toEqual([]);
    expect(lifecycleWrites(`await tx.payment.findMany({ where: { status: 'pending' } });`)).toEqual([]);
  });

  it('no file but the payment repository writes a payment status or any other lifecycle field', () => {
    const offenders = files
      .filter(({ file }) => file !== OWNER)
      .flatMap(({ file, text }) => lifecycleWrites(text).map((write) => `${file}: ${write.split('\n')[0]}`));
    expect(offenders).toEqual([]);
    expect(files.some(({ file }) => file === OWNER)).toBe(true);
  });

  it('only repositories write the payments table at all', () => {
    const writers = files.filter(({ text }) => paymentWrites(text).length > 0).map(({ file }) => file);
    expect(writers.filter((file) => !file.endsWith('.repository.ts'))).toEqual([]);
    expect(writers).toContain(OWNER);
  });
});
