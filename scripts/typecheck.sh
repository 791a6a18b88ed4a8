#!/usr/bin/env bash
# `npm run typecheck`: TypeScript 7 (`tsc7`, tools/typescript-7) with --noEmit for every workspace, the
# root tests and the e2e suite, two at a time (the machines have two cores). Prints each project's
# errors and fails if any project fails.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$REPO_ROOT"

# Not packages/nest-kit/test: its tests type their Prisma client from the one they generate under
# .var when they run (test/support/event-kit-client.ts), which a fresh clone does not have yet.
projects=()
for config in packages/*/tsconfig.json services/*/tsconfig.json gateway/tsconfig.json frontends/*/tsconfig.json \
  test/tsconfig.json bench/tsconfig.json e2e/tsconfig.json; do
  [[ -f "$config" ]] && projects+=("$config")
done
((${#projects[@]})) || die "no tsconfig.json found"

# Each project's output is printed in one piece once it finishes.
check_one() {
  local output
  if output="$(node_modules/.bin/tsc7 --noEmit -p "$1" 2>&1)"; then
    printf 'ok      %s\n' "$1"
  else
    printf 'FAILED  %s\n%s\n' "$1" "$output"
    return 1
  fi
}
export -f check_one

two_at_a_time check_one "${projects[@]}" || die "type errors (see above)"
ok "${#projects[@]} projects type-check"
