import { describe, expect, it } from '@jest/globals';
import { areaOf, crossing } from '../../scripts/lib/copy-areas.mjs';

describe('scripts/check-copies.mjs', () => {
  it('places a file in its service, the gateway, its frontend and feature, or its top folder', () => {
    expect(areaOf('services/identity/src/main.ts')).toEqual({ kind: 'service', name: 'identity' });
    expect(areaOf('gateway/test/auth.int-spec.ts')).toEqual({ kind: 'gateway', name: 'gateway' });
    expect(areaOf('frontends/student/src/features/packages/api/get.ts')).toEqual({
      kind: 'frontend',
      name: 'student',
      feature: 'packages',
    });
    expect(areaOf('frontends/shell/src/lib/zod-rule.ts')).toEqual({ kind: 'frontend', name: 'shell' });
    expect(areaOf('packages/contracts/src/index.ts')).toEqual({ kind: 'packages', name: 'contracts' });
  });

  it.each([
    ['services/payroll/src/service.ts', 'services/reviews/src/service.ts', 'service payroll and service reviews'],
    ['services/identity/src/a.ts', 'gateway/src/b.ts', 'service identity and gateway'],
    ['frontends/admin/src/lib/a.ts', 'frontends/shell/src/lib/a.ts', 'frontend admin and frontend shell'],
    [
      'frontends/shell/src/features/auth/a.tsx',
      'frontends/shell/src/features/checkout/b.tsx',
      'frontend shell (feature auth) and frontend shell (feature checkout)',
    ],
  ])('fails a copy between %s and %s', (a, b, reason) => {
    expect(crossing(a, b)).toBe(reason);
  });

  it.each([
    ['services/reviews/test/a.int-spec.ts', 'services/reviews/test/b.int-spec.ts'],
    ['gateway/test/a.int-spec.ts', 'gateway/src/b.ts'],
    ['frontends/shell/src/features/auth/a.tsx', 'frontends/shell/src/features/auth/b.tsx'],
    ['frontends/shell/src/features/auth/a.tsx', 'frontends/shell/src/components/b.tsx'],
    ['gateway/test/catalog.int-spec.ts', 'packages/contracts/src/catalog.spec.ts'],
    ['frontends/admin/src/a.ts', 'services/identity/src/b.ts'],
  ])('only reports a repeat between %s and %s', (a, b) => {
    expect(crossing(a, b)).toBeUndefined();
  });
});
