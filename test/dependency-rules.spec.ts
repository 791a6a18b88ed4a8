import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ROOT } from './infra/infra-helpers.js';

const FIXTURE = join(ROOT, 'test/fixtures/dependency-rules');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

describe('.dependency-cruiser.cjs', () => {
  it('reports each forbidden import of the miniature repository, and nothing allowed', () => {
    const run = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
        '--config',
        join(ROOT, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
        'packages',
        'services',
        'gateway',
        'frontends',
      ],
      { cwd: FIXTURE, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    const violations = (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
    const found = violations.map(
      ({ rule, from, to }) =>
        `${rule.name}: ${from} -> ${to.replace(/^.*node_modules\/([^/]+)\/.*$/, 'node_modules/$1')}`,
    );
    expect(found.sort()).toEqual(
      [
        'contracts-stays-plain: packages/contracts/src/index.ts -> packages/nest-kit/src/index.ts',
        'shared-package-to-app: packages/nest-kit/src/index.ts -> gateway/src/main.ts',
        'service-to-gateway: services/alpha/src/main.ts -> gateway/src/main.ts',
        'service-to-other-service: services/alpha/src/main.ts -> services/beta/src/main.ts',
        'prisma-client-outside-repositories: services/alpha/src/modules/orders/orders.service.ts -> services/alpha/src/infra/prisma.service.ts',
        'gateway-to-service: gateway/src/main.ts -> services/beta/src/main.ts',
        'frontend-to-server-code: frontends/shell/src/index.ts -> packages/nest-kit/src/index.ts',
        'frontend-to-server-libraries: frontends/shell/src/index.ts -> node_modules/pg',
        'frontend-to-other-frontend: frontends/shell/src/index.ts -> frontends/admin/src/index.ts',
        'frontend-feature-deep-import: frontends/shell/src/features/checkout/pay.ts -> frontends/shell/src/features/cart/price.ts',
      ].sort(),
    );
  });
});
