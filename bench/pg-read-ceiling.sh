#!/usr/bin/env bash
# How many tenant reads per second the PostgreSQL server on this machine can serve at all, with no HTTP and no Node:
# pgbench (C, 8 connections, 2 threads) replays the statements of (e) `GET /api/v1/api-keys/` (bench/core.ts) against
# the service's own schema, as the app role under row-level security (docs/benchmarks.md, "Core request path").
# Usage: bench/pg-read-ceiling.sh [SECONDS]       (BENCH_PG, default postgresql://postgres@127.0.0.1:5432)
# Creates and drops a database. Compare with (a), the bare route, of bench/core.ts in the same locked run.
set -euo pipefail
SECONDS_EACH=${1:-10}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PG=${BENCH_PG:-postgresql://postgres@127.0.0.1:5432}
DB=bench_read_ceiling_$$
D=$(mktemp -d)
cleanup() { psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null; rm -rf "$D"; }
trap cleanup EXIT
psql "$PG/postgres" -qc "CREATE DATABASE $DB"
cd "$REPO"
# The service's migrations and one tenant, then 22 keys like bench/core.ts's (it makes 1 + 20 + 1).
T=$(DATABASE_URL="$PG/$DB" DATA_DIR="$D" node --import tsx src/cli.ts tenant create --name C --slug ceiling \
  --admin-email o@ceiling.test --admin-password 'correct horse battery' --json | node -e 'process.stdin.on("data",d=>console.log(JSON.parse(d).tenant_id))')
psql "$PG/$DB" -qc "INSERT INTO api_keys (tenant_id, name, prefix, key_hash, scopes)
  SELECT '$T', 'key-' || g, 'kb_live_x', 'hash-' || g, ARRAY['documents:read'] FROM generate_series(1, 22) g"
# The statement Drizzle sends for the page (src/modules/api-keys/api-keys.repo.ts listApiKeys).
PAGE="SELECT id, tenant_id, name, prefix, key_hash, scopes, created_by_user_id, created_by_api_key_id, created_at, expires_at, last_used_at, count(*) OVER () FROM api_keys WHERE tenant_id = '$T' ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 0;"
# As the service does it: BEGIN and the setting in one message, the page, COMMIT (three round trips).
printf '%s\n' "BEGIN \\; SELECT set_config('app.tenant_id', '$T', true);" "$PAGE" "COMMIT;" > "$D/service.sql"
# The same transaction with every statement prepared (four round trips: pgbench cannot prepare a compound message).
printf '%s\n' "BEGIN;" "SELECT set_config('app.tenant_id', '$T', true);" "$PAGE" "COMMIT;" > "$D/prepared.sql"
# The page alone, outside any transaction, with the setting left in the session: the most one read could cost.
printf '%s\n' "$PAGE" > "$D/page.sql"
ROWS=$(PGOPTIONS="-c role=kb_app -c app.tenant_id=$T" psql "$PG/$DB" -XAtc "$PAGE" | wc -l)
[ "$ROWS" = 20 ] || { echo "the page read $ROWS rows as the app role, not 20" >&2; exit 1; }
run() { # label file mode
  local tps
  tps=$(PGOPTIONS="-c role=kb_app -c app.tenant_id=$T" pgbench "$PG/$DB" -n -f "$2" -M "$3" -c 8 -j 2 -T "$SECONDS_EACH" 2>&1 |
    awk '/^tps/ {printf "%.0f", $3}')
  echo "| $1 | $3 | ${tps:-failed} |"
}
echo "| reads as | protocol | transactions/s |"
echo "|---|---|---:|"
run 'the service: BEGIN + setting, page, COMMIT' "$D/service.sql" simple
run 'the same, every statement prepared' "$D/prepared.sql" prepared
run 'the page alone, no transaction' "$D/page.sql" extended
run 'the page alone, no transaction, prepared' "$D/page.sql" prepared
