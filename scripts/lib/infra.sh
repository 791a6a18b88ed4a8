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

_start_nats() {
  local host="$1" port="$2" bin data="$VAR_DIR/nats" log="$LOG_DIR/nats.log"
  bin="$(_nats_bin)" || return 1
  mkdir -p "$data" "$LOG_DIR"
  info "starting NATS with JetStream on $host:$port (data in ${data#"$REPO_ROOT"/}, log in ${log#"$REPO_ROOT"/})"
  # Its own session, so Ctrl-C on `npm start` leaves the broker (and its streams) running.
  setsid "$bin" -a "$host" -p "$port" -js -sd "$data" -l "$log" -P "$data/nats.pid" </dev/null >/dev/null 2>&1 &
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
  ensure_server nats "$NATS_URL" 'NATS (JetStream)' nats-server 4222
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
