#!/usr/bin/env bash
# Runs every benchmark in bench/*.bench.ts against a fresh production build. Each prints one JSON
# object per line: {"name": ..., "value": ..., "unit": ...}.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --browser >&2
npx vite build --logLevel error >&2
shopt -s nullglob
for file in bench/*.bench.ts; do
	echo "› $file" >&2
	npx tsx "$file"
done
