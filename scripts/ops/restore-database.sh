#!/usr/bin/env bash
# Usage: DATABASE_URL=<the service's database URL> NATS_URL=… NATS_USER=admin NATS_PASSWORD=… \
#          BACKUP_AGE_IDENTITY_FILE=<the read key> scripts/ops/restore-database.sh [--replace] <service> <file.dump.age>
#
# Restores one service's database from a dump of scripts/ops/backup-database.sh (or a backup
# CronJob), then makes the service catch up from JetStream. Run it with the service stopped
# (`kubectl -n medtutor scale deployment/<service> --replicas=0`); then run the service's migration
# Job, then start the service. Runbook: docs/operations.md, "Restore one service's database".
#
# 0. An encrypted dump (`.age`) is decrypted with the age identity in BACKUP_AGE_IDENTITY_FILE (the
#    `backup-age-identity` Secret, which no backup Job can read) into a private temporary file,
#    removed on exit. A clear `.dump` (a local backup) is read as it is.
# 1. The database: created when missing; with --replace an existing one is dropped first (refused
#    while anything is connected to it); an existing one without --replace must hold no tables.
#    Creating and dropping go through DATABASE_ADMIN_URL (default: DATABASE_URL's server, database
#    `postgres`, same login). Then `pg_restore --single-transaction --no-owner --no-privileges`:
#    all or nothing, every object owned by the login that restores.
# 2. The events the service consumed after the dump are in its durable consumers' acknowledged past,
#    so JetStream would never deliver them again. The service's durables (`<service>-…`) are deleted
#    (scripts/ops/reset-consumers.mjs) and provisioned again at once (`npm run events -- provision`,
#    as the same admin user: no service may create consumers), delivering from the start of each
#    stream; at start the service reads them, and its inbox (restored with the data) acknowledges unseen every event
#    the dump had already applied: each effect happens once. This needs a dump younger than the
#    streams' retention (EVENT_RETENTION_DAYS, 7 days).
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

SERVICES=(identity catalog-payments tutoring reviews payroll)
usage="usage: DATABASE_URL=<url> NATS_URL=<url> [NATS_USER=… NATS_PASSWORD=…] [BACKUP_AGE_IDENTITY_FILE=<key>] $0 [--replace] <service> <file.dump.age>"

replace=false
if [[ "${1:-}" == --replace ]]; then
  replace=true
  shift
fi
(($# == 2)) || die "$usage"
service="$1" dump="$2"
[[ " ${SERVICES[*]} " == *" $service "* ]] || die "unknown service \"$service\" (one of: ${SERVICES[*]})"
[[ -n "${DATABASE_URL:-}" ]] || die "DATABASE_URL must name $service's database (the URL the service uses)"
[[ -n "${NATS_URL:-}" ]] || die "NATS_URL must name the platform's NATS (as the operators' admin user)"
[[ -r "$dump" ]] || die "cannot read $dump"
command -v pg_restore >/dev/null || die "pg_restore is not installed (Debian: apt-get install postgresql-client)"
if [[ "$dump" == *.age ]]; then
  [[ -r "${BACKUP_AGE_IDENTITY_FILE:-}" ]] || die "$dump is encrypted: BACKUP_AGE_IDENTITY_FILE must name the read key (docs/operations.md, \"Backup encryption\")"
  command -v age >/dev/null || die "age is not installed (Debian: apt-get install age)"
  umask 077
  clear="$(mktemp "${TMPDIR:-/tmp}/restore-$service.XXXXXX")"
  trap 'rm -f "$clear"' EXIT
  age --decrypt --identity "$BACKUP_AGE_IDENTITY_FILE" --output "$clear" "$dump" || die "$dump does not decrypt with $BACKUP_AGE_IDENTITY_FILE"
  info "decrypted $dump"
  dump="$clear"
fi
pg_restore --list "$dump" >/dev/null || die "$dump is not a pg_dump archive (--format=custom)"

base="${DATABASE_URL%%\?*}" query=''
[[ "$DATABASE_URL" == *\?* ]] && query="?${DATABASE_URL#*\?}"
database="${base##*/}"
[[ "$database" =~ ^[A-Za-z0-9_]+$ ]] || die "DATABASE_URL names no database (or one this script will not quote): \"$database\""
admin_url="${DATABASE_ADMIN_URL:-${base%/*}/postgres$query}"
sql() { psql "$1" --no-psqlrc --quiet --tuples-only --no-align --set ON_ERROR_STOP=1 --command "$2"; }
ms_since() { echo $((($(date +%s%N) - $1) / 1000000)); }

started="$(date +%s%N)"
exists="$(sql "$admin_url" "SELECT count(*) FROM pg_database WHERE datname = '$database'")"
if ((exists)); then
  if $replace; then
    connected="$(sql "$admin_url" "SELECT count(*) FROM pg_stat_activity WHERE datname = '$database'")"
    ((connected == 0)) || die "$connected connection(s) to $database: stop $service first (kubectl -n medtutor scale deployment/$service --replicas=0)"
    info "dropping $database"
    sql "$admin_url" "DROP DATABASE \"$database\""
    exists=0
  else
    tables="$(sql "$DATABASE_URL" "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")"
    ((tables == 0)) || die "$database already has $tables tables: pass --replace to drop it and restore"
  fi
fi
if ((exists == 0)); then
  info "creating $database"
  sql "$admin_url" "CREATE DATABASE \"$database\""
fi

info "restoring $dump into $database"
pg_restore --exit-on-error --single-transaction --no-owner --no-privileges --dbname="$DATABASE_URL" "$dump"
# Exact row counts of every table, in one statement.
counts="$(sql "$DATABASE_URL" "SELECT count(*) || ' tables, ' || coalesce(sum((xpath('/row/n/text()',
  query_to_xml(format('SELECT count(*) AS n FROM public.%I', tablename), false, true, '')))[1]::text::bigint), 0) || ' rows'
  FROM pg_tables WHERE schemaname = 'public'")"
ok "restored $database: $counts in $(ms_since "$started") ms"

node "$REPO_ROOT/scripts/ops/reset-consumers.mjs" "$service"
provision="$REPO_ROOT/packages/nest-kit/dist/cli/events.js"
[[ -f "$provision" ]] || die "$provision is missing: npm run build -w packages/contracts -w packages/nest-kit, then npm run events -- provision"
node "$provision" provision >/dev/null || die "provisioning the consumers again failed: run npm run events -- provision"
ok "consumers provisioned again, delivering from the start of each stream"
# Production services run with MIGRATE_ON_START=false: they wait for a migration Job to have applied
# every migration their image ships, and a dump older than the release lacks the newer ones.
ok "done in $(ms_since "$started") ms. Run $service's migration Job (docs/operations.md), then start $service: it reads its consumers and catches up."
