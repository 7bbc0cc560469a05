#!/usr/bin/env bash
# Sets up a fresh Linux machine that has Node 20+ (and apt): pnpm, the workspace's
# dependencies and, with --browser, Debian's Chromium, PostgreSQL and Redis for the tests.
# Never downloads a browser build of its own.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=10.34.9
want_browser=false
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=true ;;
    *) echo "usage: scripts/bootstrap.sh [--browser]" >&2; exit 2 ;;
  esac
done

if ! command -v pnpm >/dev/null 2>&1; then
  echo "› installing pnpm ${PNPM_VERSION}"
  # corepack's download fails its signature check on some machines; npm works everywhere.
  if ! npm install -g "pnpm@${PNPM_VERSION}" --no-fund --no-audit --loglevel=error 2>/dev/null; then
    # A system-wide Node (apt, NodeSource) is not writable without root: install for this user.
    npm install -g --prefix "$HOME/.local" "pnpm@${PNPM_VERSION}" --no-fund --no-audit --loglevel=error
    case ":$PATH:" in
      *":$HOME/.local/bin:"*) ;;
      *) echo "› pnpm is in $HOME/.local/bin: add it to PATH for the commands after this one" >&2 ;;
    esac
    export PATH="$HOME/.local/bin:$PATH"
  fi
fi

# The test run needs Debian's Chromium (browser tests), PostgreSQL (the server's storage
# tests run the same SQL on a real cluster as on the embedded PGlite) and Redis (the relay's
# instances share topics over it; Valkey is not packaged for bookworm).
apt_packages=()
if $want_browser; then
  if ! command -v chromium >/dev/null 2>&1 && [ -z "${CHROMIUM_PATH:-}" ]; then apt_packages+=(chromium); fi
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then apt_packages+=(postgresql); fi
  if ! command -v redis-server >/dev/null 2>&1; then apt_packages+=(redis-server); fi
fi
if [ ${#apt_packages[@]} -gt 0 ]; then
  echo "› installing ${apt_packages[*]} (Debian packages)"
  sudo_cmd=""
  # -n: fail with a message instead of waiting for a password nobody will type (CI).
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo -n"; fi
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${apt_packages[@]}" >/dev/null
fi

export TURBO_TELEMETRY_DISABLED=1
if [ -n "${CI:-}" ]; then
  pnpm install --frozen-lockfile --reporter=append-only
else
  pnpm install --reporter=append-only
fi
