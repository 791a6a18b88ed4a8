#!/usr/bin/env bash
# `npm run build`: builds every workspace in dependency order. The shared packages come first
# (services and the gateway load their dist/ at run time), then the services (prisma generate + tsc)
# and the gateway, then the frontends, which the gateway serves but does not compile against.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$REPO_ROOT"
# Always production bundles: rsbuild follows NODE_ENV, and the `development` that `npm start` gives
# the apps would otherwise turn the frontends into dev bundles (React Refresh) that break when served.
export NODE_ENV=production

WORKSPACES=(
  packages/contracts packages/nest-kit packages/db-tools
  services/identity services/catalog-payments services/tutoring services/reviews services/payroll gateway
  frontends/student frontends/admin frontends/shell
)

total="$(now)"
for workspace in "${WORKSPACES[@]}"; do
  started="$(now)"
  npm run --silent build -w "$workspace" || die "building $workspace failed"
  ok "built $workspace ($(elapsed "$started"))"
done
ok "build finished in $(elapsed "$total")"
