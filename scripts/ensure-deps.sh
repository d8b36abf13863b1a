#!/usr/bin/env bash
# Installs what the project needs when it is missing or stale: npm packages (from the lockfile)
# and, with --browser, Debian's Chromium for the end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
	echo "› installing npm packages (npm ci)"
	npm ci --no-audit --no-fund
fi

if [ "${1:-}" = "--browser" ] && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
	echo "› installing Chromium from Debian packages"
	if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
