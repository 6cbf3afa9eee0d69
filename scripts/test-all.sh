#!/usr/bin/env bash
# Runs every test level on a fresh machine: installs what is missing (Debian's Chromium),
# starts the local PostgreSQL if it is down, then typecheck → unit/integration/db/component
# (PGlite and PostgreSQL) → build → end-to-end in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the end-to-end tests…"
  (apt-get update -qq && apt-get install -y -qq chromium) >/tmp/tagledger-chromium-install.log 2>&1 \
    || { cat /tmp/tagledger-chromium-install.log; exit 1; }
fi

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "Starting the local PostgreSQL…"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi

echo "== typecheck"
npm run typecheck
echo "== server, database and web tests"
npm run test:unit
echo "== build"
npm run build
echo "== end-to-end (Chromium)"
npm run test:e2e
