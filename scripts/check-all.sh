#!/usr/bin/env bash
# The whole test suite: formatting, lint, types, unit tests, production build, end-to-end tests
# in Chromium. Every stage runs even when an earlier one fails; the last line counts them all.
set -uo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 FORCE_COLOR=0
bash scripts/ensure-deps.sh --browser || { echo "0 passed, 1 failed"; exit 1; }

# Generates .svelte-kit/tsconfig.json and the route types; the typed lint and svelte-check resolve
# $lib, $app and ./$types through it, and a fresh clone does not have it yet.
npx svelte-kit sync || { echo "0 passed, 1 failed"; exit 1; }

rm -rf .reports && mkdir -p .reports
: >.reports/stages.txt

stage() {
	local name="$1"
	shift
	echo
	echo "━━ $name"
	if "$@"; then echo "pass $name" >>.reports/stages.txt; else echo "fail $name" >>.reports/stages.txt; fi
}

stage prettier npx prettier --check . --log-level warn
stage eslint npx eslint . --max-warnings 0
stage svelte-check npm run --silent check
# CI on: a missing SVG snapshot fails instead of being written.
stage unit env CI=true npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json
# The build runs with canary secrets in its environment; an end-to-end test scans build/ for them.
canary="$(node -e "process.stdout.write(require('node:crypto').randomBytes(12).toString('hex'))")"
export WELLNESS_BUILD_CANARIES="token-$canary,client-secret-$canary,session-key-$canary-0123456789abcdef"
stage build env NUDGE_ACCESS_TOKEN="token-$canary" NUDGE_CLIENT_SECRET="client-secret-$canary" \
	NUDGE_SESSION_SECRET="session-key-$canary-0123456789abcdef" npx vite build --logLevel warn
if grep -q '^pass build' .reports/stages.txt; then
	stage e2e npx playwright test
else
	echo "fail e2e (no build)" >>.reports/stages.txt
fi

node scripts/summarize-tests.mjs
