#!/usr/bin/env bash
# Usage: DATABASE_URL=<a service's database URL> scripts/ops/backup-database.sh <file.dump>
#
# A logical backup of one service's database, as the `<service>-backup` CronJobs take them
# (infra/k8s/components/backups): `pg_dump --format=custom`, checked by reading its table of contents
# back with `pg_restore --list`, then moved into place, so <file.dump> is only ever a whole archive.
# pg_dump must be at least the server's major version. Restore: scripts/ops/restore-database.sh.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

(($# == 1)) || die "usage: DATABASE_URL=<url> $0 <file.dump>"
[[ -n "${DATABASE_URL:-}" ]] || die "DATABASE_URL must name the database to back up"
file="$1"
command -v pg_dump >/dev/null || die "pg_dump is not installed (Debian: apt-get install postgresql-client)"

partial="$file.partial"
trap 'rm -f "$partial"' EXIT
started="$(date +%s%N)"
pg_dump --format=custom --file="$partial" "$DATABASE_URL"
entries="$(pg_restore --list "$partial" | grep -c '^[0-9]')" || die "$partial does not read back as an archive"
mv "$partial" "$file"
ms=$((($(date +%s%N) - started) / 1000000))
ok "backed up to $file: $(du -k "$file" | cut -f1) KiB, $entries archive entries, in ${ms} ms"
