#!/usr/bin/env bash
# Checks the hub SQL of Sources/StrataSync/HubSchema.swift against a throwaway PostgreSQL cluster:
#   1. installs it twice concurrently (two psql sessions) on an empty database, then once more;
#   2. refuses to install over a newer hub (ST004);
#   3. runs scenarios.sql (one DO block per rule, asserting with ASSERT);
#   4. checks, with several sessions, that pushes waiting on the head row lock get versions in commit order, that
#      concurrent pushes leave no gap, and that a push notifies 'strata_<db>' with the new version.
# Usage: Tests/StrataSyncTests/Hub/run-scenarios.sh   (PGBIN overrides /usr/lib/postgresql/15/bin)
# Runs as root (the cluster runs as the postgres user) or as an ordinary user.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
swift_file="$root/Sources/StrataSync/HubSchema.swift"
PGBIN="${PGBIN:-/usr/lib/postgresql/15/bin}"

dir="$(mktemp -d /tmp/strata-hub.XXXXXX)"
as_pg=()
if [ "$(id -u)" = 0 ]; then
    chown postgres "$dir"
    as_pg=(runuser -u postgres --)
fi
cleanup() {
    "${as_pg[@]}" "$PGBIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap cleanup EXIT

# The install SQL: the lines between `static let installSQL: String = #"""` and the closing `"""#`, without the
# eight spaces of the literal's indentation (Swift strips them too).
sed -n '/static let installSQL: String = #"""$/,/^        """#$/{//!p}' "$swift_file" | sed 's/^        //' > "$dir/install.sql"
grep -q 'CREATE OR REPLACE FUNCTION strata.push' "$dir/install.sql" || { echo "no install SQL in $swift_file"; exit 1; }

"${as_pg[@]}" "$PGBIN/initdb" -D "$dir/data" -U postgres --auth=trust >/dev/null
"${as_pg[@]}" "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
    -o "-k $dir -c listen_addresses='' -c recovery_init_sync_method=syncfs -c fsync=off" start >/dev/null

psql_() { psql -X -q -h "$dir" -U postgres -d hub -v ON_ERROR_STOP=1 "$@"; }
value() { psql_ -tA "$@"; }

# A database whose default collation is not byte order (when ICU is there), so the COLLATE "C" of the hub matters.
psql -X -q -h "$dir" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE DATABASE hub TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'" 2>/dev/null ||
    psql -X -q -h "$dir" -U postgres -d postgres -v ON_ERROR_STOP=1 -c "CREATE DATABASE hub"

echo "== install twice concurrently, then once more"
psql_ -f "$dir/install.sql" >/dev/null &
first=$!
psql_ -f "$dir/install.sql" >/dev/null &
second=$!
wait "$first"
wait "$second"
psql_ -c "$(cat "$dir/install.sql")" >/dev/null  # one simple-query call, as the client sends it
[ "$(value -c 'SELECT strata.hub_version()')" = 1 ]
[ "$(value -c 'SELECT count(*) FROM strata.meta')" = 1 ]

echo "== a newer hub is not replaced (ST004)"
psql_ -c 'UPDATE strata.meta SET hub_version = 2'
if psql_ -v VERBOSITY=verbose -c "$(cat "$dir/install.sql")" >"$dir/st004" 2>&1; then
    echo "installing over a newer hub succeeded"; exit 1
fi
grep -q 'ST004' "$dir/st004" || { cat "$dir/st004"; exit 1; }
psql_ -c 'UPDATE strata.meta SET hub_version = 1'

echo "== scenarios.sql"
echo "   collation provider of the test database (i = ICU, c = libc):" \
    "$(value -c "SELECT datlocprovider FROM pg_database WHERE datname = 'hub'")"
psql_ -f "$here/scenarios.sql"

echo "== a push waiting on the head row lock gets the next version, in commit order"
entry() {  # entry SEQ PK: one create
    printf '[{"seq": %s, "class": "Dog", "pk": "%s", "op": "create", "life": 1, "hlc": 1, "props": {"a": "01"}}]' \
        "$1" "$2"
}
sessions() {  # sessions APPLICATION-NAME CONDITION: how many sessions of that name meet the condition
    value -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = '$1' AND $2"
}
# Session 1 pushes and holds its transaction open for 3 s.
psql_ -tA -c "SET application_name = 's1'" \
    -c "BEGIN" -c "SELECT strata.push('conc', 'A', '$(entry 1 01)') ->> 'version'" -c "SELECT pg_sleep(3)" \
    -c "COMMIT" > "$dir/s1" &
s1=$!
for _ in $(seq 100); do
    [ "$(sessions s1 "wait_event = 'PgSleep'")" = 1 ] && break
    sleep 0.05
done
# Session 2 pushes to the same database: it waits on session 1's head row lock.
psql_ -tA -c "SET application_name = 's2'" -c "SELECT strata.push('conc', 'B', '$(entry 1 02)') ->> 'version'" \
    > "$dir/s2" &
s2=$!
waiting=0
for _ in $(seq 100); do
    if [ "$(sessions s2 "wait_event_type = 'Lock'")" = 1 ]; then
        waiting=1; break
    fi
    sleep 0.05
done
[ "$waiting" = 1 ] || { echo "session 2 did not wait on the head row lock"; exit 1; }
[ "$(value -c "SELECT strata.head('conc')")" = 0 ] || { echo "session 1's version is visible early"; exit 1; }
wait "$s1"
wait "$s2"
[ "$(grep -v '^$' "$dir/s1" | head -1)" = 1 ] || { echo "session 1 got $(cat "$dir/s1")"; exit 1; }
[ "$(grep -v '^$' "$dir/s2" | head -1)" = 2 ] || { echo "session 2 got $(cat "$dir/s2")"; exit 1; }
[ "$(value -c "SELECT string_agg(encode(pk, 'hex') || '@' || version, ' ' ORDER BY version)
    FROM strata.objects WHERE db = 'conc'")" = "01@1 02@2" ]

echo "== two sessions pushing 50 times each at once: versions 1..100 without gaps"
pusher() {  # pusher CLIENT PK-PREFIX
    for i in $(seq 50); do
        echo "SELECT strata.push('race', '$1', '$(entry "$i" "$2$(printf %04x "$i")")');"
    done | psql_ >/dev/null
}
pusher A 0a &
pa=$!
pusher B 0b &
pb=$!
wait "$pa"
wait "$pb"
[ "$(value -c "SELECT strata.head('race')")" = 100 ]
[ "$(value -c "SELECT count(DISTINCT version) || '/' || min(version) || '/' || max(version)
    FROM strata.objects WHERE db = 'race'")" = "100/1/100" ]
[ "$(value -c "SELECT string_agg(client || ':' || last_seq, ' ' ORDER BY client)
    FROM strata.clients WHERE db = 'race'")" = "A:50 B:50" ]

echo "== a push notifies strata_<db> with the new version"
out="$(psql_ -c 'LISTEN "strata_notify"' -c "SELECT strata.push('notify', 'A', '$(entry 1 01)')" 2>&1)"
echo "$out" | grep -q 'notification "strata_notify" with payload "1"' || { echo "$out"; exit 1; }

echo "all hub scenarios passed"
