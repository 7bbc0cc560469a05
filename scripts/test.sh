#!/usr/bin/env bash
# Every check: lint, typecheck, and every package's tests (turbo builds what they need).
# Closes with one line adding up all runners' counts.
set -uo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1
{ pnpm -s lint && pnpm -s exec turbo run typecheck test --concurrency=1 --continue --output-logs=full; } 2>&1 \
  | node scripts/test-summary.mjs
