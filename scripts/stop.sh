#!/usr/bin/env bash
# Stops the platform started by scripts/start.sh (the supervisor stops its children cleanly).
# --infra also stops the PostgreSQL, Redis and NATS servers that start.sh started under .var/.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

infra=0
for arg in "$@"; do
  case "$arg" in
    --infra) infra=1 ;;
    -h | --help)
      echo "Usage: scripts/stop.sh [--infra]"
      exit 0
      ;;
    *) die "unknown option '$arg' (see scripts/stop.sh --help)" ;;
  esac
done

PID_FILE="$VAR_DIR/system.pid"
if pid="$(platform_pid)"; then
  info "stopping the platform (pid $pid)"
  kill -TERM "$pid"
  # The supervisor gives its children 10 s before it kills them; allow it a little more.
  for _ in {1..150}; do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    warn "the platform did not stop in 15 s; killing it"
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid"
  fi
  ok "stopped"
else
  info "the platform is not running"
fi
rm -f "$PID_FILE"

if ((infra)); then
  # shellcheck source=scripts/lib/infra.sh
  source "$REPO_ROOT/scripts/lib/infra.sh"
  stop_local_infra
fi
