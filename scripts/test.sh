#!/usr/bin/env bash
# `npm test`: every test of the repository, on a machine prepared like `npm start` does.
#   unit       first, before the build: jest's unit project (colocated *.spec.ts, no I/O), report
#              test-results/unit.json, its time printed, so a broken rule shows within a minute
#   components jest's components project (colocated *.spec.tsx, React in jsdom), test-results/components.json
#   repository jest's repository project (test/*.spec.ts: configuration, scripts and docs against the
#              code), test-results/repository.json; one jest run with components, its report split in two
#   build      one test
#   integration  jest's integration project (real PostgreSQL, NATS, Redis), report test-results/integration.json
#   faults     issue 13's fault scenarios on the built platform (npm run test:faults), report
#              test-results/faults.json, figures in test-results/faults-figures.json; in the background
#              from the build on, while integration runs at a lower priority
#   e2e        Playwright against the whole system started in the background, test-results/e2e.json
#   web-budgets  every page's JavaScript until its first view is complete against its budget, on that
#              system, while the soak runs
#   soak       issue 27's mixed load for 90 s on that system (npm run bench:soak): fails on any error,
#              prints p50/p99 per route and every process's memory, report test-results/soak.json
#   lint, format, deps (dependency rules), copies (code copied across services or features),
#   typecheck   one test each, run at the same time and at a lower priority during the soak, logs in
#              test-results/
# A failing step does not stop the others. The last line printed is the totals line
# ("N passed, N failed[, N skipped]"); the exit code is non-zero when anything failed.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

cd "$REPO_ROOT"
RESULTS="$REPO_ROOT/test-results"
rm -rf "$RESULTS"
mkdir -p "$RESULTS"
SUITES="$RESULTS/suites.tsv"

# record KIND NAME EXIT_CODE STARTED [NOTE [ENDED]]
record() {
  local seconds
  seconds="$(awk -v start="$4" -v end="${6:-$(now)}" 'BEGIN { printf "%.1f", end - start }')"
  printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$seconds" "${5:-}" >>"$SUITES"
}

# check NAME COMMAND...: one test; output shown and kept in test-results/NAME.log. Sets last_code.
check() {
  local name="$1" started
  shift
  started="$(now)"
  last_code=0
  info "$name: $*"
  "$@" 2>&1 | tee "$RESULTS/$name.log" || last_code=$?
  record check "$name" "$last_code" "$started" "$( ((last_code == 0)) || echo "see test-results/$name.log")"
}

finish() {
  node "$REPO_ROOT/scripts/lib/summarize-tests.mjs" "$RESULTS"
}

# Without a working Node, npm install and the servers nothing else can run: report that as the result.
setup_started="$(now)"
if ! command -v node >/dev/null; then
  echo "Node.js is not installed: nothing could run"
  echo "0 passed, 1 failed"
  exit 1
fi
if ! (
  require_node
  ensure_deps
  # shellcheck source=scripts/lib/local-env.sh
  source "$REPO_ROOT/scripts/lib/local-env.sh"
  # shellcheck source=scripts/lib/infra.sh
  source "$REPO_ROOT/scripts/lib/infra.sh"
  ensure_infra
); then
  record check setup 1 "$setup_started" "Node, npm install or PostgreSQL/Redis/NATS: see the error above"
  finish
  exit 1
fi

# shellcheck source=scripts/lib/local-env.sh
source "$REPO_ROOT/scripts/lib/local-env.sh"
# shellcheck source=scripts/lib/infra.sh
source "$REPO_ROOT/scripts/lib/infra.sh"
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-$DATABASE_ADMIN_URL}"
export TEST_NATS_URL="${TEST_NATS_URL:-$NATS_URL}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-$REDIS_URL}"

# jest_projects REPORT PROJECT...: one jest run of the projects, every core a worker (jest's default
# leaves one to its main process, which only waits here), its report in test-results/REPORT.json. Plain
# node, no --experimental-vm-modules: the projects run as CommonJS, whose modules Node frees after each
# file (docs/adr/0089).
jest_projects() {
  local report="$1"
  shift
  node node_modules/jest/bin/jest.js --selectProjects "$@" --maxWorkers=100% --json \
    --outputFile="$RESULTS/$report.json" --forceExit
}

# The unit layer first: a broken rule shows before the build and the slower steps have run. It needs
# only the services' Prisma clients (some mappings use their enums), which `generate` writes; each
# service's prisma.config.ts takes the kits' models from nest-kit's build, so the kits build first.
started="$(now)"
info "unit: jest's unit project (colocated *.spec.ts)"
code=0
{
  if npm run --silent build -w packages/contracts -w packages/nest-kit >"$RESULTS/prisma-generate.log" 2>&1 &&
    npm run --silent generate --workspaces --if-present >>"$RESULTS/prisma-generate.log" 2>&1; then
    jest_projects unit unit
  else
    cat "$RESULTS/prisma-generate.log"
    false
  fi
} 2>&1 | tee "$RESULTS/unit.log" || code=$?
record jest unit "$code" "$started"
info "unit: $(elapsed "$started")"

# Then the two slower layers that need no build either: the components rendered in jsdom, and the
# repository's configuration, scripts and docs (docs/adr/0094). One jest run for both (one start, and no
# core idle while one project's last files finish); the report is split by project afterwards, so each
# keeps its own step, report (test-results/components.json, repository.json) and line in the summary.
started="$(now)"
info "components and repository: jest's two projects in one run"
code=0
jest_projects components-repository components repository 2>&1 | tee "$RESULTS/components-repository.log" || code=$?
split="$(node scripts/lib/split-jest-report.mjs "$RESULTS" components-repository "$code")" || split=""
if [[ -n "$split" ]]; then
  while read -r project project_code; do
    record jest "$project" "$project_code" "$started"
  done <<<"$split"
else
  # No report to split (jest crashed): both steps fail, pointing at the log.
  for project in components repository; do
    record jest "$project" "$((code == 0 ? 1 : code))" "$started" "no report: see test-results/components-repository.log"
  done
fi
info "components and repository: $(elapsed "$started")"

check build npm run --silent build
build_code=$last_code

# A step in the background: its output goes to test-results/NAME.log, printed whole when it ends, so
# steps running at the same time do not interleave. start_background NAME COMMAND...
declare -A background_pids=() background_started=()
start_background() {
  local name="$1"
  shift
  background_started[$name]="$(now)"
  (
    code=0
    "$@" >"$RESULTS/$name.log" 2>&1 || code=$?
    echo "$code $(now)" >"$RESULTS/$name.exit"
  ) &
  background_pids[$name]=$!
}

# end_background NAME KIND LABEL: waits for the step, prints its log and records it (KIND as record's).
end_background() {
  local name="$1" kind="$2" label="$3" code ended
  wait "${background_pids[$name]}" || true
  read -r code ended <"$RESULTS/$name.exit"
  rm "$RESULTS/$name.exit"
  info "$name: $label"
  cat "$RESULTS/$name.log"
  record "$kind" "$name" "$code" "${background_started[$name]}" \
    "$( ((code == 0)) || [[ "$kind" != check ]] || echo "see test-results/$name.log")" "$ended"
}

# The fault scenarios (issue 13) run the built apps as processes on a private nats-server, fresh
# databases and a Redis database of their own; they kill and restart those processes, never the
# developer's. Most of their time is waiting (a broker down 40 s, a database cut for 20 s, restarts),
# so they run in the background, at normal priority, while integration runs at a lower one (nice 10)
# on what CPU the scenarios leave: the scenarios' time bounds measure the platform, not a machine that
# other work has filled.
if ((build_code != 0)); then
  record jest faults 1 "$(now)" "not run: the build failed"
else
  info "faults: issue 13's fault scenarios in the background (npm run test:faults); integration meanwhile at nice 10"
  start_background faults npm run --silent test:faults -- --json --outputFile="$RESULTS/faults.json" --forceExit
fi
LOW_PRIORITY=(nice -n 10)

# The static checks need only the build (and the sources), not each other or the platform. They run at
# the same time (typecheck two projects at a time, the others one process each), at nice 10, during
# the soak at the end, whose fixed rate of requests leaves most of the two cores idle for its 90 s
# (docs/adr/0093); when the system cannot start, on their own. Each keeps its log and pass/fail line.
static_checks=(lint format deps copies typecheck)
declare -A static_commands=(
  [lint]="npm run --silent lint"
  [format]="npm run --silent format:check"
  [deps]="npm run --silent deps:check"
  [copies]="npm run --silent check:copies"
  [typecheck]="npm run --silent typecheck"
)
static_started=""
start_static_checks() {
  [[ -z "$static_started" ]] || return 0
  static_started="$(now)"
  info "static checks at the same time, at nice 10: ${static_checks[*]}"
  local name
  for name in "${static_checks[@]}"; do
    # shellcheck disable=SC2086 # each command is a plain word list
    start_background "$name" "${LOW_PRIORITY[@]}" ${static_commands[$name]}
  done
}
end_static_checks() {
  start_static_checks
  local name
  for name in "${static_checks[@]}"; do
    end_background "$name" check "${static_commands[$name]}"
  done
  info "static checks: $(elapsed "$static_started")"
}

started="$(now)"
info "integration: jest's integration project"
code=0
# Tests sharing one NATS (TEST_NATS_URL) connect without credentials: if that is the project-local
# server with the platform's users, they get an open one of their own.
if ! probe nats "$TEST_NATS_URL" >/dev/null 2>&1 && start_private_nats jest-nats open; then
  export TEST_NATS_URL="$PRIVATE_NATS_URL"
fi
# --forceExit: the report is written before jest exits; a handle some future test leaves open must
# not hang the whole run (jest still names the leak in its output). The output is also kept in
# test-results/integration.log, whose tail the summary shows if jest dies before writing its report.
# Three files at a time: each has its own databases, Redis key prefix and (mostly) nats-server, and
# spends much of its time waiting on PostgreSQL, the processes it starts and the outages it stages; with
# two at a time a tenth of the two cores stayed idle over the layer (docs/adr/0099). CommonJS (no
# --experimental-vm-modules; jest.config.mjs says why). --expose-gc with --logHeapUsage: a worker
# collects after each file, so its memory stays at what one file holds instead of growing with the
# garbage of those before, and the log shows each file's heap, where a leak would show as a climb.
"${LOW_PRIORITY[@]}" node --expose-gc node_modules/jest/bin/jest.js --selectProjects=integration --logHeapUsage \
  --maxWorkers=3 --json --outputFile="$RESULTS/integration.json" --forceExit 2>&1 |
  tee "$RESULTS/integration.log" || code=$?
stop_private_nats jest-nats
record jest integration "$code" "$started"

if ((build_code == 0)); then
  end_background faults jest "npm run test:faults (issue 13's fault scenarios)"
fi

# The browser suite runs against the system as `npm start` runs it, but on databases and a Redis
# database of its own, emptied first: every run starts from the same seeded state (and fresh rate
# limits), and the developer's local data is left alone.
# CI keeps only the log: print what each failed test's page looked like (Playwright's ARIA snapshot)
# and the last lines of the system's log, so a failure can be read without the artifacts.
show_e2e_failure_contexts() {
  local context
  while IFS= read -r context; do
    info "e2e failure context: ${context#"$REPO_ROOT/"}"
    head -n 120 "$context"
  done < <(find "$RESULTS/e2e-artifacts" -name error-context.md 2>/dev/null)
  if [[ -f "$LOG_DIR/system.log" ]]; then
    info "e2e: the last 60 lines of $LOG_DIR/system.log"
    tail -n 60 "$LOG_DIR/system.log"
  fi
}

run_e2e() {
  local started code=0
  started="$(now)"
  if [[ ! -f e2e/playwright.config.ts ]]; then
    record playwright e2e 1 "$started" "missing: e2e/playwright.config.ts does not exist"
    return
  fi
  if ((build_code != 0)); then
    record playwright e2e 1 "$started" "not run: the build failed"
    return
  fi
  IDENTITY_DATABASE_URL="$(database_url medtutor_e2e_identity)"
  PAYMENTS_DATABASE_URL="$(database_url medtutor_e2e_payments)"
  TUTORING_DATABASE_URL="$(database_url medtutor_e2e_tutoring)"
  REVIEWS_DATABASE_URL="$(database_url medtutor_e2e_reviews)"
  PAYROLL_DATABASE_URL="$(database_url medtutor_e2e_payroll)"
  export IDENTITY_DATABASE_URL PAYMENTS_DATABASE_URL TUTORING_DATABASE_URL REVIEWS_DATABASE_URL PAYROLL_DATABASE_URL
  [[ "$REDIS_URL" =~ ^(rediss?://[^/?]+)/?[0-9]*$ ]] || {
    record playwright e2e 1 "$started" "not run: cannot pick an e2e database in REDIS_URL=$REDIS_URL"
    return
  }
  export REDIS_URL="${BASH_REMATCH[1]}/15"
  # The tests run in parallel and each registers the students it needs, more than the 10 an hour one
  # address may register by default, and the soak after them registers and buys more (all from this
  # one address); gateway/test/auth.int-spec.ts and caller-rate-limits.int-spec.ts prove those limits themselves.
  export RATE_LIMIT_REGISTER_IP="${RATE_LIMIT_REGISTER_IP:-200/1h}"
  export RATE_LIMIT_PAYMENT_INTENTS_IP="${RATE_LIMIT_PAYMENT_INTENTS_IP:-200/1h}"
  export MAIL_OUTBOX_DIR="$VAR_DIR/e2e-mail-outbox"
  export E2E_BASE_URL="${E2E_BASE_URL:-http://localhost:$PORT}"
  rm -rf "$MAIL_OUTBOX_DIR"
  if ! node scripts/lib/reset-e2e-state.mjs --redis "$REDIS_URL" "$IDENTITY_DATABASE_URL" "$PAYMENTS_DATABASE_URL" \
    "$TUTORING_DATABASE_URL" "$REVIEWS_DATABASE_URL" "$PAYROLL_DATABASE_URL"; then
    record playwright e2e 1 "$started" "not run: could not reset the e2e databases"
    return
  fi
  # The system runs on a nats-server of its own with the platform's users and allow-lists, and fresh
  # passwords, so every flow the suite drives also proves the allow-lists.
  local nats_user password_var
  for nats_user in "${NATS_USERS[@]}"; do
    password_var="$(nats_password_var "$nats_user")"
    printf -v "$password_var" 'n%s' "$(node -e 'process.stdout.write(require("node:crypto").randomBytes(24).toString("hex"))')"
    export "${password_var?}"
  done
  if ! start_private_nats e2e-nats auth; then
    record playwright e2e 1 "$started" "not run: no nats-server to run the system on with its users"
    return
  fi
  export NATS_URL="$PRIVATE_NATS_URL"
  # Probe ports (.var/probe-ports), from which the soak reads every process's memory.
  PROBE_PORT_BASE="$(free_ports_from 6)" || unset PROBE_PORT_BASE
  export PROBE_PORT_BASE
  if ! scripts/start.sh --no-install --no-build --background; then
    stop_private_nats e2e-nats
    record playwright e2e 1 "$started" "not run: the system did not start (see .var/logs/system.log)"
    return
  fi
  trap 'scripts/stop.sh; stop_private_nats e2e-nats' EXIT
  info "e2e: Playwright against $E2E_BASE_URL"
  PLAYWRIGHT_JSON_OUTPUT_FILE="$RESULTS/e2e.json" \
    npx playwright test -c e2e/playwright.config.ts --reporter=list,json || code=$?
  ((code == 0)) || show_e2e_failure_contexts
  # The JavaScript budgets of issues 15 and 27 (150 KB gzipped on every public page, 300 KB on each
  # dashboard, every script until the first view is complete), measured in Chromium against the
  # system still running; a route over its budget fails with its figure. Bytes do not depend on
  # load, so they are measured while the soak runs (which uses about a tenth of the CPU).
  start_background web-budgets npm run --silent check:web-budgets -- --enforce
  start_static_checks
  # Issue 27's soak, short: 90 s of mixed load on the same system; any error fails it.
  check soak npm run --silent bench:soak -- --base-url "$E2E_BASE_URL" --duration 90s
  end_background web-budgets check "npm run check:web-budgets -- --enforce"
  scripts/stop.sh
  stop_private_nats e2e-nats
  trap - EXIT
  record playwright e2e "$code" "$started"
}
run_e2e
end_static_checks

finish
