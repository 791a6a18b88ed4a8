# shellcheck shell=bash
# Shared helpers for the scripts in scripts/. Source it; it sets no shell options of its own.

# shellcheck disable=SC2034 # used by the scripts that source this file
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# MEDTUTOR_VAR_DIR runs a second copy of the system beside the first (its own pid file, logs and mail).
VAR_DIR="${MEDTUTOR_VAR_DIR:-$REPO_ROOT/.var}"
LOG_DIR="$VAR_DIR/logs"

if [[ -t 1 && -z "${NO_COLOR:-}" ]]; then
  _c_blue=$'\033[1;34m' _c_yellow=$'\033[1;33m' _c_red=$'\033[1;31m' _c_green=$'\033[1;32m' _c_off=$'\033[0m'
else
  _c_blue='' _c_yellow='' _c_red='' _c_green='' _c_off=''
fi

info() { printf '%s==>%s %s\n' "$_c_blue" "$_c_off" "$*"; }
ok() { printf '%s ok%s %s\n' "$_c_green" "$_c_off" "$*"; }
warn() { printf '%swarning:%s %s\n' "$_c_yellow" "$_c_off" "$*" >&2; }
die() {
  printf '%serror:%s %s\n' "$_c_red" "$_c_off" "$*" >&2
  exit 1
}

# The supervisor's pid from .var/system.pid, if that process still is our supervisor: after a
# Ctrl-C the file stays behind, and its pid may since belong to something else.
platform_pid() {
  local pid
  [[ -s "$VAR_DIR/system.pid" ]] || return 1
  pid="$(<"$VAR_DIR/system.pid")"
  [[ "$(ps -o args= -p "$pid" 2>/dev/null)" == *concurrently* ]] || return 1
  printf '%s\n' "$pid"
}

probe() { node "$REPO_ROOT/scripts/lib/probe.mjs" "$@"; }

# The engines field: 20.19 is the first 20.x with require(esm) on by default, which the toolchain relies on.
require_node() {
  command -v node >/dev/null || die "Node.js is not installed. Install Node.js 20.19 or newer (e.g. from https://nodejs.org or your package manager)."
  node -e '
    const [major, minor] = process.versions.node.split(".").map(Number);
    process.exit(major > 20 || (major === 20 && minor >= 19) ? 0 : 1);
  ' || die "Node.js $(node --version) is too old: this project needs 20.19 or newer."
}

# npm ci can fail on this lockfile (other platforms' optional binaries missing from the registry),
# so install with the lockfile instead; it leaves the lockfile unchanged.
ensure_deps() {
  local lock="$REPO_ROOT/package-lock.json" modules="$REPO_ROOT/node_modules"
  if [[ -d "$modules" && ! "$lock" -nt "$modules/.package-lock.json" ]]; then
    return 0
  fi
  local started
  started="$(now)"
  info "installing dependencies (npm install)"
  (cd "$REPO_ROOT" && npm install --no-audit --no-fund) || die "npm install failed"
  # npm leaves its record untouched when nothing changed; mark the install as current.
  touch "$modules/.package-lock.json"
  ok "dependencies installed in $(elapsed "$started")"
}

# Seconds since the epoch with a fraction, for step timings.
now() { date +%s.%N; }
elapsed() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1fs", end - start }'; }

# two_at_a_time FUNCTION ITEM...: FUNCTION (exported with `export -f`, with whatever it calls) on each
# item, two at a time (the machines have two cores); fails if any call failed. A call should print its
# output in one piece when it ends, so calls running together do not interleave.
two_at_a_time() {
  local function="$1"
  shift
  # shellcheck disable=SC2016 # $0 and $1 are expanded by the inner bash
  printf '%s\n' "$@" | xargs -P 2 -I {} bash -c '"$0" "$1"' "$function" {}
}

# free_ports_from COUNT: the first of COUNT consecutive loopback ports nothing listens on now (for
# PROBE_PORT_BASE), picked at random above 20000 so parallel runs rarely try the same ones.
free_ports_from() {
  node -e '
    const { createServer } = require("node:net");
    const count = Number(process.argv[1]);
    const free = (port) => new Promise((resolve) => {
      const server = createServer().once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    (async () => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const first = 20000 + Math.floor(Math.random() * 40000);
        let all = true;
        for (let port = first; all && port < first + count; port++) all = await free(port);
        if (all) return console.log(first);
      }
      process.exit(1);
    })();
  ' "$1"
}
