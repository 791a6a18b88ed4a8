#!/usr/bin/env bash
# Usage: DATABASE_URL=<a service's database URL> BACKUP_AGE_RECIPIENTS=<age1…> \
#          scripts/ops/backup-database.sh <file.dump.age>
#
# A logical backup of one service's database, as the `<service>-backup` CronJobs take them
# (infra/k8s/components/backups, which run this script from the medtutor/backup image):
# `pg_dump --format=custom`, checked by reading its table of contents back with `pg_restore --list`,
# then encrypted with age to BACKUP_AGE_RECIPIENTS (public keys, space-separated; the business holds
# the identities) and moved into place, so <file.dump.age> is only ever a whole, encrypted archive:
# a dump full of personal data never leaves this machine in clear. The clear archive exists only
# in a private temporary file, removed on exit. pg_dump must be at least the server's major version.
# Restore: scripts/ops/restore-database.sh, with the identity (docs/operations.md).
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

(($# == 1)) || die "usage: DATABASE_URL=<url> BACKUP_AGE_RECIPIENTS=<age1…> $0 <file.dump.age>"
[[ -n "${DATABASE_URL:-}" ]] || die "DATABASE_URL must name the database to back up"
file="$1"
[[ "$file" == *.age ]] || die "$file: the backup is encrypted, so its name ends in .age"
recipients=()
for recipient in ${BACKUP_AGE_RECIPIENTS:-}; do
  [[ "$recipient" == age1* ]] || die "BACKUP_AGE_RECIPIENTS: \"$recipient\" is not an age public key (age1…): set the business's recipient (docs/operations.md, \"Backup encryption\")"
  recipients+=(--recipient "$recipient")
done
((${#recipients[@]} > 0)) || die "BACKUP_AGE_RECIPIENTS must name at least one age public key (age1…): a dump is never written in clear"
command -v pg_dump >/dev/null || die "pg_dump is not installed (Debian: apt-get install postgresql-client)"
command -v age >/dev/null || die "age is not installed (Debian: apt-get install age)"

umask 077
clear="$(mktemp "$file.clear.XXXXXX")"
partial="$file.partial"
trap 'rm -f "$clear" "$partial"' EXIT
started="$(date +%s%N)"
pg_dump --format=custom --file="$clear" "$DATABASE_URL"
entries="$(pg_restore --list "$clear" | grep -c '^[0-9]')" || die "the dump does not read back as an archive"
age --encrypt "${recipients[@]}" --output "$partial" "$clear"
mv "$partial" "$file"
ms=$((($(date +%s%N) - started) / 1000000))
ok "backed up to $file: $(du -k "$file" | cut -f1) KiB, $entries archive entries, encrypted to $((${#recipients[@]} / 2)) recipient(s), in ${ms} ms"
