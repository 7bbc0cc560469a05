#!/usr/bin/env bash
# Every check: lint, typecheck, every package's tests (turbo builds what they need), then each
# published package's packed tarball (publint, attw, contents: scripts/check-package.mjs).
# Closes with one line adding up all runners' counts.
set -uo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1
(
  pnpm -s lint && pnpm -s exec turbo run typecheck test --concurrency=1 --continue --output-logs=full
  tests=$?
  # Filtered to packages/*: the apps have no such task, and turbo would still build them for it.
  pnpm -s exec turbo run check:package --filter='./packages/*' --concurrency=1 --continue \
    --output-logs=full
  packages=$?
  exit $((tests != 0 ? tests : packages))
) 2>&1 | node scripts/test-summary.mjs
