# shellcheck shell=bash
# Makes PostgreSQL, Redis and NATS (with JetStream) reachable at the configured URLs. A server that
# answers is used as it is; where nothing listens on a loopback address, the locally installed server
# is started with its data under .var/<name> (installed first via apt when root on Debian). Source
# after common.sh and local-env.sh.

_apt_updated=''

# Prints "host port" of a URL, with the scheme's default port.
_host_port() {
  node -e '
    const url = new URL(process.argv[1].split(",")[0]);
    console.log(url.hostname.replace(/^\[|\]$/g, ""), url.port || process.argv[2]);
  ' "$1" "$2"
}

_is_loopback() { [[ "$1" == localhost || "$1" == 127.* || "$1" == ::1 ]]; }

_redact() { sed -E 's#//([^:@/]+):[^@/]+@#//\1:***@#' <<<"$1"; }

# Installs Debian packages when we may (root with apt-get); returns 1 when we may not.
_apt_install() {
  [[ $EUID -eq 0 ]] && command -v apt-get >/dev/null || return 1
  if [[ -z "$_apt_updated" ]]; then
    info "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null || die "apt-get update failed"
    _apt_updated=1
  fi
  info "apt-get install -y $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null || die "apt-get install $* failed"
}

_pg_bindir() {
  local candidate versions=(/usr/lib/postgresql/*/bin)
  if candidate="$(_executable pg_ctl '')"; then
    dirname "$candidate"
    return 0
  fi
  # Debian keeps the server binaries out of PATH, one folder per major version: take the newest.
  candidate="$(printf '%s\n' "${versions[@]}" | sort -V | tail -n 1)"
  [[ -x "$candidate/initdb" ]] && printf '%s\n' "$candidate"
}

# _executable NAME FALLBACK: the program's path, from PATH or else FALLBACK (sbin is not in every PATH).
_executable() {
  local candidate
  for candidate in "$(command -v "$1")" "$2"; do
    if [[ -f "$candidate" && -x "$candidate" ]]; then
      printf '%s\n' "$candidate"
      return 0
    fi
  done
  return 1
}

_redis_bin() { _executable redis-server /usr/bin/redis-server; }
_nats_bin() { _executable nats-server /usr/sbin/nats-server; }

# initdb and postgres refuse to run as root: as root, the data folder belongs to the postgres user.
_as_pg_owner() {
  if [[ $EUID -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

_start_postgres() {
  local host="$1" port="$2" bindir data="$VAR_DIR/postgres" log="$LOG_DIR/postgres.log"
  bindir="$(_pg_bindir)" || return 1
  mkdir -p "$data" "$LOG_DIR"
  touch "$log"
  if [[ $EUID -eq 0 ]]; then
    id postgres >/dev/null 2>&1 || die "running as root, PostgreSQL needs a 'postgres' user to own $data (create one, or run as a normal user)"
    chown postgres "$data" "$log"
    chmod 700 "$data"
    runuser -u postgres -- test -w "$data" || die "the postgres user cannot reach $data (a parent folder is not searchable by others)"
  fi
  if [[ ! -s "$data/PG_VERSION" ]]; then
    info "initialising a local PostgreSQL cluster in ${data#"$REPO_ROOT"/}"
    # Trust on loopback only, like a stock developer install; the server listens nowhere else.
    _as_pg_owner "$bindir/initdb" -D "$data" -U postgres -A trust -E UTF8 --no-locale >>"$log" 2>&1 ||
      die "initdb failed, see $log"
  fi
  info "starting PostgreSQL on $host:$port (data in ${data#"$REPO_ROOT"/}, log in ${log#"$REPO_ROOT"/})"
  # No Unix socket: clients use TCP, and the default socket folder may belong to a system cluster.
  _as_pg_owner "$bindir/pg_ctl" -D "$data" -l "$log" -w -t 60 \
    -o "-c listen_addresses='$host' -c port=$port -c unix_socket_directories=''" start >/dev/null ||
    die "PostgreSQL did not start, see $log"
}

_start_redis() {
  local host="$1" port="$2" bin data="$VAR_DIR/redis" log="$LOG_DIR/redis.log"
  bin="$(_redis_bin)" || return 1
  mkdir -p "$data" "$LOG_DIR"
  info "starting Redis on $host:$port (data in ${data#"$REPO_ROOT"/}, log in ${log#"$REPO_ROOT"/})"
  "$bin" --daemonize yes --bind "$host" --port "$port" --dir "$data" \
    --pidfile "$data/redis.pid" --logfile "$log" || die "Redis did not start, see $log"
}

# The platform's users and allow-lists; the passwords come from the NATS_*_PASSWORD variables.
NATS_AUTH_CONFIG="$REPO_ROOT/infra/nats/authorization.conf"

_start_nats() {
  local host="$1" port="$2" bin data="$VAR_DIR/nats" log="$LOG_DIR/nats.log"
  bin="$(_nats_bin)" || return 1
  mkdir -p "$data" "$LOG_DIR"
  info "starting NATS with JetStream and the platform's users on $host:$port (data in ${data#"$REPO_ROOT"/}, log in ${log#"$REPO_ROOT"/})"
  # Its own session, so Ctrl-C on `npm start` leaves the broker (and its streams) running.
  setsid "$bin" -c "$NATS_AUTH_CONFIG" -a "$host" -p "$port" -js -sd "$data" -l "$log" -P "$data/nats.pid" \
    </dev/null >/dev/null 2>&1 &
}

# start_private_nats NAME open|auth: a throwaway nats-server with JetStream on a free loopback port,
# data in .var/NAME, for one test run; `auth` applies the platform's users. Sets PRIVATE_NATS_URL.
# Returns 1 when no nats-server is installed. stop_private_nats NAME ends it and removes its data.
start_private_nats() {
  local name="$1" mode="$2" bin port dir="$VAR_DIR/$1" config=() deadline
  bin="$(_nats_bin)" || return 1
  [[ "$mode" == auth ]] && config=(-c "$NATS_AUTH_CONFIG")
  stop_private_nats "$name"
  mkdir -p "$dir" "$LOG_DIR"
  port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
  "$bin" "${config[@]}" -a 127.0.0.1 -p "$port" -js -sd "$dir" -l "$LOG_DIR/$name.log" -P "$dir/nats.pid" \
    </dev/null >/dev/null 2>&1 &
  PRIVATE_NATS_URL="nats://127.0.0.1:$port"
  deadline=$((SECONDS + 15))
  until NATS_PROBE_USER=admin NATS_PROBE_PASSWORD="${NATS_ADMIN_PASSWORD:-}" probe nats "$PRIVATE_NATS_URL" 2>/dev/null; do
    if ((SECONDS >= deadline)); then
      warn "the $name nats-server did not start (log: ${LOG_DIR#"$REPO_ROOT"/}/$name.log)"
      stop_private_nats "$name"
      return 1
    fi
    sleep 0.2
  done
}

stop_private_nats() {
  local dir="$VAR_DIR/$1" pid
  if [[ -s "$dir/nats.pid" ]]; then
    pid="$(<"$dir/nats.pid")"
    kill "$pid" 2>/dev/null || true
    for _ in {1..50}; do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
  fi
  rm -rf "$dir"
}

# ensure_server KIND URL LABEL PACKAGE DEFAULT_PORT
ensure_server() {
  local kind="$1" url="$2" label="$3" package="$4" default_port="$5" status=0 error host port
  error="$(probe "$kind" "$url" 2>&1)" || status=$?
  case "$status" in
    0)
      ok "$label is up at $(_redact "$url")"
      return 0
      ;;
    1) ;;
    *) die "$error" ;;
  esac

  read -r host port < <(_host_port "$url" "$default_port")
  _is_loopback "$host" || die "$label is not reachable: $error. Start it, or point the URL at a running server."

  if ! "_start_$kind" "$host" "$port"; then
    if _apt_install "$package"; then
      # Debian's package may start its own server on the default port.
      if probe "$kind" "$url" 2>/dev/null; then
        ok "$label is up at $(_redact "$url")"
        return 0
      fi
      "_start_$kind" "$host" "$port" || die "$label is still not installed after apt-get install $package"
    else
      die "$label is not running at $(_redact "$url") and its server is not installed. Install it (Debian/Ubuntu: sudo apt-get install -y $package) or point the URL at a running server."
    fi
  fi

  local deadline=$((SECONDS + 30))
  until error="$(probe "$kind" "$url" 2>&1)"; do
    ((SECONDS < deadline)) || die "$label was started but does not answer at $(_redact "$url"): $error (logs in ${LOG_DIR#"$REPO_ROOT"/})"
    sleep 0.5
  done
  ok "$label is up at $(_redact "$url") (project-local)"
}

ensure_infra() {
  ensure_server postgres "$DATABASE_ADMIN_URL" PostgreSQL postgresql 5432
  ensure_server redis "$REDIS_URL" Redis redis-server 6379
  # As the admin user: accepted by the project-local server, ignored by one without authorization.
  NATS_PROBE_USER=admin NATS_PROBE_PASSWORD="$NATS_ADMIN_PASSWORD" \
    ensure_server nats "$NATS_URL" 'NATS (JetStream)' nats-server 4222
  if [[ -s "$VAR_DIR/nats/nats.pid" ]] && kill -0 "$(<"$VAR_DIR/nats/nats.pid")" 2>/dev/null &&
    probe nats "$NATS_URL" 2>/dev/null; then
    warn "the project-local NATS lets anyone in (started before it had users): restart it with scripts/stop.sh --infra"
  fi
}

# Stops the servers that ensure_infra started under .var, leaving any other server alone.
stop_local_infra() {
  local pid bindir
  if [[ -s "$VAR_DIR/postgres/postmaster.pid" ]] && bindir="$(_pg_bindir)"; then
    info "stopping the project-local PostgreSQL"
    _as_pg_owner "$bindir/pg_ctl" -D "$VAR_DIR/postgres" -m fast -w stop >/dev/null || warn "pg_ctl stop failed"
  fi
  for name in redis nats; do
    [[ -s "$VAR_DIR/$name/$name.pid" ]] || continue
    pid="$(<"$VAR_DIR/$name/$name.pid")"
    if kill -0 "$pid" 2>/dev/null; then
      info "stopping the project-local $name (pid $pid)"
      kill "$pid"
      for _ in {1..50}; do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
    fi
    rm -f "$VAR_DIR/$name/$name.pid"
  done
}
