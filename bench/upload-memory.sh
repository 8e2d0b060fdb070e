#!/usr/bin/env bash
# Peak RSS of one API process (RUN_MODE=api, PostgreSQL) around one upload of a ~100 MB text file (docs/benchmarks.md,
# "Uploads"). Usage, from the repository (or another checkout given as REPO):
#   bench/upload-memory.sh [LABEL] [VAR=value ...]        e.g. bench/upload-memory.sh s3 BLOB_STORE=s3 S3_BUCKET=…
# Needs psql and curl; creates and drops a database on BENCH_PG (default postgresql://postgres@127.0.0.1:5432).
set -euo pipefail
LABEL=${1:-filesystem}; shift || true
REPO=${REPO:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
PG=${BENCH_PG:-postgresql://postgres@127.0.0.1:5432}
DB=bench_upload_mem_$$
FILE=$(mktemp /tmp/kb-upload-XXXX.txt)
head -c 76000000 /dev/urandom | base64 -w 120 > "$FILE"   # ~102 MB of text, under the 100 MiB default limit
psql "$PG/postgres" -qc "CREATE DATABASE $DB"
D=$(mktemp -d); PORT=$((20000 + RANDOM % 20000))
cleanup() { kill "$PID" 2>/dev/null || true; psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)"; rm -rf "$D" "$D-cli" "$FILE"; }
cd "$REPO"
env "$@" DATA_DIR="$D" PORT=$PORT LOG_LEVEL=warn RUN_MODE=api DATABASE_URL="$PG/$DB" node --import tsx src/main.ts > "$D.log" 2>&1 &
PID=$!
trap cleanup EXIT
until curl -sf "localhost:$PORT/readyz" >/dev/null; do sleep 0.5; done
DATABASE_URL="$PG/$DB" DATA_DIR="$D-cli" node --import tsx src/cli.ts tenant create --name M --slug mem --admin-email o@mem.test --admin-password 'correct horse battery' >/dev/null
TOKEN=$(curl -s "localhost:$PORT/api/auth/login" -H 'content-type: application/json' \
  -d '{"email":"o@mem.test","password":"correct horse battery","tenant_id":"mem"}' | node -e 'process.stdin.on("data",d=>console.log(JSON.parse(d).access_token))')
curl -s "localhost:$PORT/api/auth/me" -H "authorization: Bearer $TOKEN" >/dev/null
kb() { grep "$1" "/proc/$PID/status" | awk '{print $2}'; }
BEFORE=$(kb VmHWM)
CODE=$(curl -s -o /dev/null -w '%{http_code}' "localhost:$PORT/api/v1/documents/" -H "authorization: Bearer $TOKEN" -F "file=@$FILE")
AFTER=$(kb VmHWM)
echo "| $LABEL | $((BEFORE / 1024)) MB | $((AFTER / 1024)) MB | +$(((AFTER - BEFORE) / 1024)) MB | (HTTP $CODE)"
