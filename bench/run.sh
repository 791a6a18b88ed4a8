#!/usr/bin/env bash
# `npm run bench`: every back-end figure of issue 27 in one run, each beside a yardstick measured in the
# same run (bare node:http for the HTTP loads). A bench reports; it fails only when a request fails.
#   1. HTTP (bench/http/reads.mjs): public reads, signed-in reads, logins beside public reads — on
#      the whole system started here as `npm start` runs it (or at BENCH_BASE_URL, if set), on a
#      nats-server with the platform's users, databases and a Redis database of its own.
#   2. jest benches (bench/*.bench.ts): webhook → hours credited, sign-in during a registration flood.
# Needs a build (`npm run build`). Measure on a quiet machine: another busy process skews every figure.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib/common.sh"
cd "$REPO_ROOT"

run_http_bench() {
  if [[ -n "${BENCH_BASE_URL:-}" ]]; then
    node bench/http/reads.mjs
    return
  fi
  # shellcheck source=scripts/lib/local-env.sh
  source "$REPO_ROOT/scripts/lib/local-env.sh"
  # shellcheck source=scripts/lib/infra.sh
  source "$REPO_ROOT/scripts/lib/infra.sh"
  ensure_infra
  local name
  for name in identity payments tutoring reviews payroll; do
    printf -v "${name^^}_DATABASE_URL" '%s' "$(database_url "medtutor_bench_$name")"
    export "${name^^}_DATABASE_URL"
  done
  [[ "$REDIS_URL" =~ ^(rediss?://[^/?]+)/?[0-9]*$ ]] || die "cannot pick a bench database in REDIS_URL=$REDIS_URL"
  export REDIS_URL="${BASH_REMATCH[1]}/13"
  export PORT="${BENCH_PORT:-8093}" MAIL_OUTBOX_DIR="$VAR_DIR/bench-mail-outbox"
  export PUBLIC_BASE_URL="http://localhost:$PORT" BENCH_BASE_URL="http://localhost:$PORT"
  # The loads sign in and register far more than one address may: the limits are the subject of
  # their own tests, not of a throughput figure.
  export RATE_LIMIT_REGISTER_IP=100000/1h RATE_LIMIT_LOGIN_IP=1000000/1h RATE_LIMIT_LOGIN_EMAIL_IP=1000000/15m
  export RATE_LIMIT_TESTIMONIALS_IP=1000/1h
  node scripts/lib/reset-e2e-state.mjs --redis "$REDIS_URL" "$IDENTITY_DATABASE_URL" "$PAYMENTS_DATABASE_URL" \
    "$TUTORING_DATABASE_URL" "$REVIEWS_DATABASE_URL" "$PAYROLL_DATABASE_URL"
  # The checkout's NATS users and passwords (scripts/lib/local-env.sh), as `npm start` runs them.
  start_private_nats bench-nats auth || die "no nats-server to run the bench system on"
  export NATS_URL="$PRIVATE_NATS_URL"
  trap 'scripts/stop.sh >/dev/null; stop_private_nats bench-nats' EXIT
  scripts/start.sh --no-install --no-build --background
  node bench/http/reads.mjs
  scripts/stop.sh >/dev/null
  stop_private_nats bench-nats
  trap - EXIT
}

run_http_bench
node --experimental-vm-modules node_modules/jest/bin/jest.js -c bench/jest.config.mjs "$@"
