#!/usr/bin/env bash
# Counts the duplicate pairs in the TypeScript source the way decision 0152 measures them, so the
# number can be re-measured by anyone: every tracked .ts/.tsx file under apps/*/src and
# packages/*/src, less tests (*.test.ts(x)) and declaration files (generated files live outside
# src, in packages/db/generated), copied to a scratch folder and read there by the `duplicates`
# tool with --most 200. A pair counts when its row is not marked `boilerplate`.
#
# Usage: scripts/count-duplicates.sh [--rows]   (--rows also prints the counted rows)
set -euo pipefail

if ! command -v duplicates >/dev/null 2>&1; then
  echo "count-duplicates: the \`duplicates\` command is not on PATH" >&2
  exit 1
fi

repo_root="$(git rev-parse --show-toplevel)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# A scratch folder outside git, so that the tool reads exactly these files and nothing else.
(cd "$repo_root" && git ls-files -z -- 'apps/*/src/*' 'packages/*/src/*' |
  grep -zE '\.tsx?$' | grep -zvE '\.test\.tsx?$|\.d\.ts$' |
  xargs -0 cp --parents -t "$scratch")

report="$(cd "$scratch" && duplicates --most 200 --seconds 300)"

if grep -q '^incomplete:' <<<"$report"; then
  echo "count-duplicates: the tool did not read everything:" >&2
  grep '^incomplete:' <<<"$report" >&2
  exit 1
fi

# The first line says "N pairs of places (…), … (S by shape alone, B of those marked boilerplate)".
# Boilerplate rows come last, so a row cut by --most is a boilerplate one unless the count below
# exceeds 200; the counts are taken from that line, and the rows are listed for reading.
summary="$(head -n 1 <<<"$report")"
if [[ "$summary" =~ ^([0-9]+)\ pairs.*\(([0-9]+)\ by\ shape\ alone,\ ([0-9]+)\ of\ those\ marked\ boilerplate\) ]]; then
  counted=$((BASH_REMATCH[1] - BASH_REMATCH[3]))
  identical=$((BASH_REMATCH[1] - BASH_REMATCH[2]))
elif [[ "$summary" =~ ^no\ duplicates ]]; then
  counted=0
  identical=0
else
  echo "count-duplicates: cannot read the tool's summary line: $summary" >&2
  exit 1
fi
rows="$(grep -E '^D[0-9]+ ' <<<"$report" | grep -v 'boilerplate' || true)"

if [ "${1:-}" = "--rows" ]; then
  head -n 1 <<<"$report"
  printf '%s\n' "$rows"
  grep -E '^\(\+[0-9]+ more pairs\)|^left out:' <<<"$report" || true
fi
echo "non-boilerplate pairs: $counted ($identical identical)"
