#!/usr/bin/env bash
# `npm run bench:soak [-- OPTIONS]` (bench/soak/soak.mjs --help lists them): issue 27's mixed soak.
# With --base-url it loads that running system. Without, it starts one of its own, as the e2e run does
# (scripts/test.sh): the built apps under scripts/start.sh on fresh databases, a Redis database and a
# nats-server with the platform's users of their own, every process with a probe port for its memory,
# and stops it after. Its settings, each with a default that keeps off a developer's system:
#   SOAK_PORT (8090), SOAK_DATABASE_PREFIX (medtutor_soak_), SOAK_REDIS_DB (14),
#   MEDTUTOR_VAR_DIR (.var/soak: pid file, logs in .var/soak/logs/system.log, mail).
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

for arg in "$@"; do
  if [[ "$arg" == --base-url || "$arg" == -h || "$arg" == --help ]]; then
    exec node "$repo_root/bench/soak/soak.mjs" "$@"
  fi
done

export MEDTUTOR_VAR_DIR="${MEDTUTOR_VAR_DIR:-$repo_root/.var/soak}"
export PORT="${SOAK_PORT:-8090}"
export PUBLIC_BASE_URL="http://localhost:$PORT"
# shellcheck source=scripts/lib/common.sh
source "$repo_root/scripts/lib/common.sh"
# shellcheck source=scripts/lib/local-env.sh
source "$REPO_ROOT/scripts/lib/local-env.sh"
# shellcheck source=scripts/lib/infra.sh
source "$REPO_ROOT/scripts/lib/infra.sh"
cd "$REPO_ROOT"

prefix="${SOAK_DATABASE_PREFIX:-medtutor_soak_}"
IDENTITY_DATABASE_URL="$(database_url "${prefix}identity")"
PAYMENTS_DATABASE_URL="$(database_url "${prefix}payments")"
TUTORING_DATABASE_URL="$(database_url "${prefix}tutoring")"
REVIEWS_DATABASE_URL="$(database_url "${prefix}reviews")"
PAYROLL_DATABASE_URL="$(database_url "${prefix}payroll")"
export IDENTITY_DATABASE_URL PAYMENTS_DATABASE_URL TUTORING_DATABASE_URL REVIEWS_DATABASE_URL PAYROLL_DATABASE_URL
[[ "$REDIS_URL" =~ ^(rediss?://[^/?]+)/?[0-9]*$ ]] || die "cannot pick a soak database in REDIS_URL=$REDIS_URL"
export REDIS_URL="${BASH_REMATCH[1]}/${SOAK_REDIS_DB:-14}"
# Every registration and purchase comes from this one address: limits above what a run sends (a
# registration every 5 s, a purchase every 10 s), so a refusal is never the soak's own doing.
export RATE_LIMIT_REGISTER_IP="${RATE_LIMIT_REGISTER_IP:-1000/1h}"
export RATE_LIMIT_PAYMENT_INTENTS_IP="${RATE_LIMIT_PAYMENT_INTENTS_IP:-1000/1h}"

start_private_nats soak-nats auth || die "no nats-server to run the soak's system on"
trap 'stop_private_nats soak-nats' EXIT
export NATS_URL="$PRIVATE_NATS_URL"
ensure_infra
info "soak: fresh databases ${prefix}* and Redis database ${REDIS_URL##*/}"
node scripts/lib/reset-e2e-state.mjs --redis "$REDIS_URL" "$IDENTITY_DATABASE_URL" "$PAYMENTS_DATABASE_URL" \
  "$TUTORING_DATABASE_URL" "$REVIEWS_DATABASE_URL" "$PAYROLL_DATABASE_URL" ||
  die "could not reset the soak's databases"
PROBE_PORT_BASE="$(free_ports_from 6)" || die "no six consecutive free ports for the probes"
export PROBE_PORT_BASE
trap 'scripts/stop.sh; stop_private_nats soak-nats' EXIT
scripts/start.sh --no-install --no-build --background
node bench/soak/soak.mjs --base-url "http://localhost:$PORT" "$@"
