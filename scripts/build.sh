#!/usr/bin/env bash
# `npm run build`: builds every workspace in dependency order, two at a time where nothing orders them
# (the machines have two cores). The shared packages come first (services and the gateway load their
# dist/ at run time), then the services (prisma generate + tsc7) and the gateway, then the remotes,
# then the shell, which the gateway serves but does not compile against. Each workspace's output is
# printed in one piece when it finishes, so builds running together do not interleave.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$REPO_ROOT"
# Always production bundles: rsbuild follows NODE_ENV, and the `development` that `npm start` gives
# the apps would otherwise turn the frontends into dev bundles (React Refresh) that break when served.
export NODE_ENV=production

# One stage per line; a stage's workspaces only need the stages above it.
STAGES=(
  "packages/contracts"
  "packages/nest-kit"
  "packages/db-tools"
  "services/identity services/catalog-payments services/tutoring services/reviews services/payroll gateway"
  "frontends/student frontends/admin"
  "frontends/shell"
)

build_one() {
  local started output
  started="$(now)"
  if output="$(npm run --silent build -w "$1" 2>&1)"; then
    [[ -z "$output" ]] || printf '%s\n' "$output"
    ok "built $1 ($(elapsed "$started"))"
  else
    printf '%s\n' "$output"
    warn "building $1 failed"
    return 1
  fi
}
export -f build_one now elapsed ok warn
export _c_green _c_yellow _c_off

total="$(now)"
for stage in "${STAGES[@]}"; do
  # shellcheck disable=SC2086 # a stage is a plain word list
  two_at_a_time build_one $stage || die "the build failed (see above)"
done
ok "build finished in $(elapsed "$total")"
