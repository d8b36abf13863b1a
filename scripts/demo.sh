#!/usr/bin/env bash
# Installs, builds and starts the dashboard on the embedded demo API.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
echo "› building"
npx vite build >/dev/null
export HOST="${HOST:-127.0.0.1}" PORT="${PORT:-3000}"
export ORIGIN="${ORIGIN:-http://$HOST:$PORT}"
echo "› the dashboard is at $ORIGIN (Ctrl+C stops it)"
exec node build
