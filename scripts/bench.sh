#!/usr/bin/env bash
# Runs every benchmark in bench/*.bench.ts against a fresh production build. Each prints one JSON
# object per line: {"name": ..., "value": ..., "unit": ...}. A benchmark that fails does not stop
# the others; the exit status says whether any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --browser >&2 || exit 1
npx vite build --logLevel error >&2 || exit 1
shopt -s nullglob
failed=0
for file in bench/*.bench.ts; do
	echo "› $file" >&2
	if ! npx tsx "$file"; then
		echo "✗ $file failed" >&2
		failed=1
	fi
done
exit $failed
