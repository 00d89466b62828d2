#!/bin/sh
# The scheduled backup of docker-compose.yml's `backup` service (docs/operations.md 'Backups and
# restore'): every BACKUP_INTERVAL_HOURS a point-in-time dump of the replica set with MongoDB's own
# mongodump (--oplog: the dump is consistent as of its end), gzip, into /backups; dumps older than
# BACKUP_RETENTION_DAYS are deleted. Restore one with:
#   docker compose run --rm --entrypoint mongorestore backup --uri "$MONGODB_URI" --oplogReplay --gzip --archive=/backups/<file> --drop
# Usage: backup.sh [folder]   (default /backups, the compose volume)
set -eu
backups=${1:-/backups}
interval_s=$(( ${BACKUP_INTERVAL_HOURS:-24} * 3600 ))
# An archive holds every customer's personal data and password hashes (Art. 32 DSGVO): the folder
# is the owner's only (0700) and so is every archive (0600), whatever umask and volume mode the
# container starts with, as `npm run backup` writes them (scripts/lib/backup.ts). The umask makes
# each file 0600 from its creation on, so no moment is more open.
umask 077
mkdir -p "$backups"
chmod 700 "$backups"
find "$backups" -name 'shop-*.archive.gz*' -exec chmod 600 {} +
while true; do
  file="$backups/shop-$(date -u +%Y-%m-%dT%H-%M-%SZ).archive.gz"
  if mongodump --uri "$MONGODB_URI" --oplog --gzip --archive="$file.partial"; then
    mv "$file.partial" "$file"
    echo "backup written: $file"
  else
    rm -f "$file.partial"
    echo "backup FAILED at $(date -u)" >&2
  fi
  find "$backups" -name 'shop-*.archive.gz' -mtime +"${BACKUP_RETENTION_DAYS:-14}" -print -delete
  sleep "$interval_s"
done
