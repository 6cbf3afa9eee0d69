#!/usr/bin/env bash
# Runs every test level on a fresh machine: installs what is missing (Debian's Chromium and its headless shell,
# PostgreSQL and PgBouncer), starts the local PostgreSQL if it is down, then format → lint →
# typecheck → build of the server → unit/integration/db/component (PGlite and PostgreSQL) → build →
# end-to-end in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# The end-to-end tests run in Chromium's headless shell; the benches, the offline verifier's page test
# and the server's browser tests in the full browser.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then
  echo "Installing Debian's chromium and its headless shell for the browser tests…"
  (apt-get update -qq && apt-get install -y -qq chromium chromium-headless-shell) \
    >/tmp/tagledger-chromium-install.log 2>&1 || { cat /tmp/tagledger-chromium-install.log; exit 1; }
fi

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  echo "Installing Debian's PostgreSQL for the database tests…"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) \
    >/tmp/tagledger-postgresql-install.log 2>&1 || { cat /tmp/tagledger-postgresql-install.log; exit 1; }
fi

if [ ! -x /usr/sbin/pgbouncer ]; then
  echo "Installing Debian's PgBouncer for the connection-pooler tests…"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer) \
    >/tmp/tagledger-pgbouncer-install.log 2>&1 || { cat /tmp/tagledger-pgbouncer-install.log; exit 1; }
fi

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "Starting the local PostgreSQL…"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
# The tests connect as postgres without a password over TCP (a fresh cluster asks for one) and use
# a database named test as the base for their own databases.
if ! psql "$TEST_DATABASE_URL" -Atqc 'select 1' >/dev/null 2>&1; then
  echo "Letting the tests reach the local PostgreSQL…"
  hba="$(su postgres -c "psql -Atqc 'show hba_file'")"
  if ! grep -q '^host all postgres 127.0.0.1/32 trust' "$hba"; then
    sed -i '1i host all postgres 127.0.0.1/32 trust\nhost all postgres ::1/128 trust' "$hba"
    su postgres -c "psql -qc 'select pg_reload_conf()'" >/dev/null
  fi
  su postgres -c "psql -Atqc \"select 1 from pg_database where datname = 'test'\"" | grep -q 1 \
    || su postgres -c "createdb test"
fi

# The tests' own files — embedded database folders and their migrated template, uploads, backups,
# Chromium's profiles — go to memory when the machine has a tmpfs at /dev/shm. The tests copy, write
# and sync hundreds of database folders; on a disk the kernel's share of that was a quarter of the
# server and database levels' CPU time (bench/RESULTS.md, "npm test duration (issue 30.8):
# 2026-11-28, second part"). A TMPDIR the caller set is kept.
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
  export TMPDIR=/dev/shm/tagledger-tests
  mkdir -p "$TMPDIR"
fi

# How fast this machine's cores are, as one number, so that phase times from different machines of
# the same kind can be compared: milliseconds for a fixed loop of arithmetic in Node.js (lower is faster).
echo "== machine: $(nproc) cores; a fixed loop of work took $(node scripts/cpu-reference.mjs) ms"

# Each phase prints its wall time when it ends, and the whole run its total, so a slow phase shows
# in any run's log (decision 0163; bench/RESULTS.md, "npm test duration (issue 30.8)").
RUN_STARTED=$SECONDS
PHASE_NAME=""
PHASE_STARTED=$SECONDS
phase() {
  phase_end
  PHASE_NAME="$1"
  PHASE_STARTED=$SECONDS
  echo "== $1"
}
phase_end() {
  if [ -n "$PHASE_NAME" ]; then echo "   ($PHASE_NAME: $((SECONDS - PHASE_STARTED)) s)"; fi
  PHASE_NAME=""
}

# The reference check, Prettier and ESLint each run on one core and read files only: they run side
# by side (two cores), each printing its output when it has finished, and any failure fails the run.
phase "references, format (Prettier) and lint (ESLint: rules, import boundaries, no cycles), side by side"
side_logs="$(mktemp -d)"
node scripts/check-references.mjs >"$side_logs/references" 2>&1 &
references_pid=$!
npm run --silent format:check >"$side_logs/format" 2>&1 &
format_pid=$!
npm run --silent lint >"$side_logs/lint" 2>&1 &
lint_pid=$!
side_failed=0
for check in references:$references_pid format:$format_pid lint:$lint_pid; do
  name="${check%%:*}"
  if wait "${check##*:}"; then status=passed; else status=FAILED; side_failed=1; fi
  echo "-- $name: $status"
  cat "$side_logs/$name"
done
rm -rf "$side_logs"
[ "$side_failed" = 0 ] || exit 1
phase "typecheck"
npm run typecheck
# The server's code is built before the tests: the server tests that start the real process run the
# compiled server when its build is current (apps/server/test/helpers/server-process.ts), which starts
# seconds faster. The web app is built after them, as before (some server tests expect no web bundle).
# The typecheck above has checked these sources: the build only emits them (--after-typecheck).
phase "build (server)"
node scripts/builds.mjs --after-typecheck functions-api verify db server
phase "server, database and web tests"
npm run test:unit
phase "build"
npm run build
phase "web budgets (JavaScript per public route, apps/web/budgets.json) and prerendered pages"
npx tsx apps/web/scripts/route-sizes.mjs
node apps/web/scripts/check-prerender.mjs
phase "end-to-end (Chromium)"
npm run test:e2e
phase_end
echo "== all levels passed in $((SECONDS - RUN_STARTED)) s"
