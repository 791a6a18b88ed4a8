# syntax=docker/dockerfile:1
# The image of the backup CronJobs (infra/k8s/components/backups), from the repository root:
#   docker build -f infra/docker/backup.Dockerfile -t medtutor/backup .
# PostgreSQL's client tools (pg_dump must be at least the servers' major version: move the base with the
# databases' upgrades), age to encrypt each dump to the business's public key, and the very script the
# restore drill tests (scripts/ops/backup-database.sh), so the Jobs dump and encrypt as it does.
FROM postgres:18.4-alpine
RUN apk add --no-cache age bash coreutils tar
COPY scripts/lib/common.sh /opt/medtutor/scripts/lib/common.sh
COPY scripts/ops/backup-database.sh /opt/medtutor/scripts/ops/backup-database.sh
ENV PATH=/opt/medtutor/scripts/ops:$PATH
# The image's postgres user (uid 70): libpq finds its passwd entry.
USER 70:70
