#!/usr/bin/env bash
# `npm start`: runs the whole platform locally. Checks Node, installs dependencies when needed, makes
# PostgreSQL, Redis and NATS (JetStream) reachable, builds, then runs the gateway and the five
# services under one supervisor and waits until http://localhost:$PORT/readyz answers 200.
# The services create their databases, migrate and seed at start; nothing here touches their data.
# NATS streams and consumers are provisioned here, before the apps start, as the provisioner user.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# shellcheck source=scripts/lib/local-env.sh
source "$REPO_ROOT/scripts/lib/local-env.sh"
# shellcheck source=scripts/lib/infra.sh
source "$REPO_ROOT/scripts/lib/infra.sh"

usage() {
  cat <<EOF
Usage: npm start [-- OPTIONS]   (or scripts/start.sh [OPTIONS])

  --no-install   do not run npm install, even when node_modules is older than package-lock.json
  --no-build     run the existing dist/ builds
  --background   detach: logs go to .var/logs/system.log, the pid to .var/system.pid;
                 returns once the platform is ready (stop it with scripts/stop.sh)

Settings come from the environment; unset ones get local defaults (scripts/lib/local-env.sh).
PROBE_PORT_BASE=N gives each app a probe port (/healthz, /readyz, /metrics; HEALTH_PORT), N for the
gateway and the next five for the services, listed in .var/probe-ports (npm run bench:soak reads it).
EOF
}

install=1 build=1 background=0
for arg in "$@"; do
  case "$arg" in
    --no-install) install=0 ;;
    --no-build) build=0 ;;
    --background) background=1 ;;
    -h | --help)
      usage
      exit 0
      ;;
    *) die "unknown option '$arg' (see scripts/start.sh --help)" ;;
  esac
done

cd "$REPO_ROOT"
started="$(now)"
PID_FILE="$VAR_DIR/system.pid"
READY_URL="http://127.0.0.1:$PORT/readyz"
READY_TIMEOUT="${READY_TIMEOUT:-180}"
APPS=(gateway services/identity services/catalog-payments services/tutoring services/reviews services/payroll)

require_node
if ((install)); then
  ensure_deps
fi
ensure_infra

if ((build)); then
  build_started="$(now)"
  info "building (npm run build)"
  npm run --silent build || die "the build failed (see above)"
  ok "built in $(elapsed "$build_started")"
fi
for app in "${APPS[@]}"; do
  [[ -f "$app/dist/main.js" ]] || die "$app/dist/main.js is missing: run without --no-build (or npm run build)"
done

if running="$(platform_pid)"; then
  die "the platform is already running (pid $running); stop it with scripts/stop.sh"
fi
# Anything else on the port would answer the readiness check in our place.
if probe port 127.0.0.1 "$PORT"; then
  die "port $PORT is already in use; stop whatever listens there or set PORT"
fi
mkdir -p "$LOG_DIR" "$MAIL_OUTBOX_DIR"

# The platform's streams and durable consumers, before any app starts: the apps' NATS users may not
# create or change them (infra/nats/authorization.conf). As the provisioner user, whose password
# only this step holds.
info "provisioning the event streams and consumers (npm run events -- provision)"
if ! NATS_USER=provisioner NATS_PASSWORD="$NATS_PROVISIONER_PASSWORD" \
  node packages/nest-kit/dist/cli/events.js provision >"$LOG_DIR/provision.log" 2>&1; then
  cat "$LOG_DIR/provision.log" >&2
  die "provisioning NATS failed (see above); a project-local NATS started before the provisioner user existed needs a restart: scripts/stop.sh --infra"
fi

# Secrets only one app may hold: every other app runs without them, so a compromised service cannot
# sign actor assertions, forge session cookies or read another's keys.
declare -A SECRET_OWNER=(
  [ACTOR_SIGNING_KEY]=gateway [SESSION_SECRET]=gateway
  [TOTP_ENCRYPTION_KEY]=identity
  [STRIPE_SECRET_KEY]=catalog-payments [STRIPE_WEBHOOK_SECRET]=catalog-payments
)

# app_command NATS_USER ENTRY: how the supervisor runs one app, as its own NATS user with its own
# password only (the others' are removed from its environment, with the secrets it does not own).
# Expanded by concurrently's /bin/sh, so no password appears on a command line.
app_command() {
  local user="$1" entry="$2" names=() other secret
  for other in "${NATS_USERS[@]}"; do names+=("$(nats_password_var "$other")"); done
  for secret in "${!SECRET_OWNER[@]}"; do
    [[ "${SECRET_OWNER[$secret]}" == "$user" ]] || names+=("$secret")
  done
  # shellcheck disable=SC2016 # $NATS_..._PASSWORD is for the supervisor's shell to expand
  printf 'export NATS_USER=%s NATS_PASSWORD="$%s"%s; unset %s; exec node %s' \
    "$user" "$(nats_password_var "$user")" "${PROBE_PORTS[$user]:+ HEALTH_PORT=${PROBE_PORTS[$user]}}" \
    "${names[*]}" "$entry"
}

# With PROBE_PORT_BASE, each app's probe port, consecutive in the supervisor's order, listed for the
# tools that read every process's /metrics; without it, no probe ports (and no stale list).
declare -A PROBE_PORTS=()
PROBE_PORTS_FILE="$VAR_DIR/probe-ports"
rm -f "$PROBE_PORTS_FILE"
if [[ -n "${PROBE_PORT_BASE:-}" ]]; then
  [[ "$PROBE_PORT_BASE" =~ ^[0-9]+$ ]] || die "PROBE_PORT_BASE must be a port number, not '$PROBE_PORT_BASE'"
  probe_port="$PROBE_PORT_BASE"
  for user in gateway identity catalog-payments tutoring reviews payroll; do
    ! probe port 127.0.0.1 "$probe_port" || die "probe port $probe_port ($user) is already in use; pick another PROBE_PORT_BASE"
    PROBE_PORTS[$user]="$probe_port"
    printf '%s %s\n' "$user" "$probe_port" >>"$PROBE_PORTS_FILE"
    probe_port=$((probe_port + 1))
  done
fi

# shellcheck disable=SC2054 # the commas belong to concurrently's lists
supervisor=(
  "$REPO_ROOT/node_modules/.bin/concurrently"
  --names gateway,identity,payments,tutoring,reviews,payroll
  --prefix-colors blue.bold,magenta.bold,cyan.bold,green.bold,yellow.bold,gray.bold
  --pad-prefix
  # One process down means the platform is down: stop all rather than limp on half-started.
  --kill-others --kill-timeout 10000
  "$(app_command gateway gateway/dist/main.js)"
  "$(app_command identity services/identity/dist/main.js)"
  "$(app_command catalog-payments services/catalog-payments/dist/main.js)"
  "$(app_command tutoring services/tutoring/dist/main.js)"
  "$(app_command reviews services/reviews/dist/main.js)"
  "$(app_command payroll services/payroll/dist/main.js)"
)

# Polls the gateway until it is ready; fails early, saying why, when the supervisor ($1) has exited.
wait_ready() {
  local pid="$1" deadline=$((SECONDS + READY_TIMEOUT))
  until probe http "$READY_URL" 2>/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then
      warn "a process exited before the platform was ready, so all were stopped"
      return 1
    fi
    if ((SECONDS >= deadline)); then
      warn "$READY_URL did not answer 200 within ${READY_TIMEOUT}s"
      return 1
    fi
    sleep 1
  done
}

banner() {
  cat <<EOF

  MedPath Tutors is running at ${_c_green}http://localhost:$PORT${_c_off}
  (ready $(elapsed "$started") after start; the apps took $(elapsed "$apps_started") to come up)

  Admin account      $SEED_ADMIN_EMAIL / $SEED_ADMIN_PASSWORD
  Students           register at http://localhost:$PORT/auth (Register tab)
  API docs           http://localhost:$PORT/api/docs
  Payments           $PAYMENTS_PROVIDER provider$([[ "$PAYMENTS_PROVIDER" == demo ]] && printf ' (no real charges)')
  Outgoing mail      ${SMTP_URL:+$(_redact "$SMTP_URL")}${SMTP_URL:-files in ${MAIL_OUTBOX_DIR#"$REPO_ROOT"/}/}

EOF
}

apps_started="$(now)"
if ((background)); then
  log="$LOG_DIR/system.log"
  info "starting the gateway and five services in the background (log: ${log#"$REPO_ROOT"/})"
  # A session of its own, so scripts/stop.sh can end the supervisor and its children as one group.
  setsid "${supervisor[@]}" </dev/null >"$log" 2>&1 &
  echo "$!" >"$PID_FILE"
  if ! wait_ready "$!"; then
    tail -n 60 "$log" >&2 || true
    "$REPO_ROOT/scripts/stop.sh" >&2 || true
    die "the platform did not start (full log: ${log#"$REPO_ROOT"/})"
  fi
  banner
  info "stop it with scripts/stop.sh"
  exit 0
fi

info "starting the gateway and five services (Ctrl-C stops them all)"
echo "$$" >"$PID_FILE"
# The supervisor replaces this shell (same pid), so Ctrl-C reaches it directly and it stops every
# child cleanly; this watcher only announces readiness, or stops the supervisor when it never comes.
(
  if wait_ready "$$"; then
    banner
  elif kill -0 "$$" 2>/dev/null; then
    warn "stopping the platform"
    kill -TERM "$$"
  fi
) &
exec "${supervisor[@]}"
