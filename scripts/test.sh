#!/usr/bin/env bash
# Every check: lint, typecheck, every package's tests, then each published package's packed
# tarball (publint, attw, contents: scripts/check-package.mjs). Closes with each turbo task's
# time and one line adding up all runners' counts.
#
# On 2 cores: the packages build first (two at a time), then two lanes run side by side, one
# task at a time each: the tests that drive Chromium (one browser at a time, as before, so
# their timings stay what they were written for), and typecheck, the node-only tests and the
# packed-tarball checks. A package with node tests beside its Chromium files keeps the Chromium
# ones apart in a `test:browser` task (server, embedded, secure site, react): its `test` runs
# in the node lane. Typecheck is one root task (scripts/typecheck.mjs): every package's config
# checked in a few shared programs instead of twenty.
# Some tasks can run in either lane (FLEX_TASKS): each lane takes the next one when its own
# tasks are done, so both lanes end close together however the machine's load stretches them
# (the examples' suite, in one fixed lane or the other, left that lane ending minutes after
# the other in earlier runs).
# Every port a test opens is chosen free at run time, so the lanes do not collide.
set -uo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1
# The packages whose test task starts a browser (web-test-runner or Playwright). Every
# `test:browser` task runs in the browser lane too.
BROWSER_TESTS=(ui vue svelte cdn demo)
# The tasks either lane runs, longest first (turbo arguments; `--only --concurrency=1` added).
# The examples' suite (installs, builds, then Chromium) and size's (vite builds) are tests;
# the tarball checks are filtered to packages/*: the apps have no such task. EVM's suite
# (Chromium, then its node e2e) is one of them so the browser lane, the longer one (demo e2e,
# ui), hands it to the node lane when that lane is free first.
FLEX_TASKS=(
  'test --filter=@openmodal/examples'
  'test --filter=@openmodal/evm'
  'test --filter=@openmodal/size'
  'check:package --filter=./packages/*'
)
browser=()
others=()
for name in "${BROWSER_TESTS[@]}"; do
  browser+=("--filter=@openmodal/${name}")
  others+=("--filter=!@openmodal/${name}")
done
# The flexible test tasks leave the node lane's own test run.
for task in "${FLEX_TASKS[@]}"; do
  [[ "$task" == "test --filter="* ]] && others+=("--filter=!${task#test --filter=}")
done
turbo=(pnpm -s exec turbo run --continue --output-logs=full --summarize=true)
flex=$(mktemp -d)
trap 'rm -rf "$flex"' EXIT
printf '%s\n' "${FLEX_TASKS[@]}" >"$flex/queue"
# Runs FLEX_TASKS from the shared queue until it is empty; fails if one of them failed.
run_flex() {
  local status=0 task args
  while true; do
    task=$(flock "$flex/lock" sh -c 'head -n 1 "$1" && sed -i 1d "$1"' _ "$flex/queue")
    [ -n "$task" ] || break
    read -ra args <<<"$task"
    "${turbo[@]}" "${args[@]}" --only --concurrency=1 || status=$?
  done
  return $status
}
# Every process a test started must end with it. One left behind that still holds this log's
# pipe (a server spawned with inherited stderr, say) would keep the summary below waiting for
# the end of the log forever; each one is named and ended once both lanes are done.
# Processes other than the given ones whose stdout or stderr is the pipe `$1`.
pipe_holders() {
  local pipe=$1 fd pid
  shift
  for fd in /proc/[0-9]*/fd/1 /proc/[0-9]*/fd/2; do
    [ "$(readlink "$fd" 2>/dev/null)" = "$pipe" ] || continue
    pid=${fd#/proc/}
    echo "${pid%%/*}"
  done | sort -un | grep -vxF -f <(printf '%s\n' "$@")
}
# Names and ends (TERM, then KILL) every process left holding the pipe `$1` but the given ones.
end_leftovers() {
  local pids pid
  pids=$(pipe_holders "$@" 2>/dev/null)
  [ -n "$pids" ] || return 0
  echo "test run: processes the tests left running, ended now:"
  for pid in $pids; do
    echo "  ${pid} $(tr '\0' ' ' <"/proc/${pid}/cmdline" 2>/dev/null | cut -c1-200)"
  done
  kill -TERM $pids 2>/dev/null
  sleep 2
  pids=$(pipe_holders "$@" 2>/dev/null)
  [ -z "$pids" ] || kill -KILL $pids 2>/dev/null
  return 0
}
# Every descendant of process `$1`, children first.
descendants() {
  local child
  for child in $(cat /proc/[0-9]*/stat 2>/dev/null | awk -v p="$1" '$4 == p { print $1 }'); do
    descendants "$child"
    echo "$child"
  done
}
# A run that takes far longer than it should is a hung test: the watchdog prints every process
# still running (which test hung) and ends the lanes, so the log says why instead of timing out.
LIMIT_MINUTES=${OPENMODAL_TEST_LIMIT_MINUTES:-60}
since=$(date +%s%3N)
(
  self=$BASHPID
  log_pipe=$(readlink "/proc/${self}/fd/1")
  pnpm -s lint || exit 1
  # What the test tasks need: every package's dist/ and the secure site's (the server serves it).
  "${turbo[@]}" build --filter='./packages/*' --filter=@openmodal/secure-site --concurrency=2
  built=$?
  # --only from here on: the builds are done, and two lanes must not restore one dist/ at once.
  (
    "${turbo[@]}" test --only --concurrency=1 "${browser[@]}"
    tested=$?
    "${turbo[@]}" test:browser --only --concurrency=1
    browser_tested=$?
    run_flex
    flexed=$?
    for status in $tested $browser_tested $flexed; do
      [ "$status" -ne 0 ] && exit "$status"
    done
    exit 0
  ) &
  browser_lane=$!
  (
    "${turbo[@]}" typecheck --filter=// --only
    typechecked=$?
    "${turbo[@]}" test --only --concurrency=1 "${others[@]}"
    tested=$?
    run_flex
    flexed=$?
    for status in $typechecked $tested $flexed; do
      [ "$status" -ne 0 ] && exit "$status"
    done
    exit 0
  ) &
  node_lane=$!
  (
    sleep $((LIMIT_MINUTES * 60)) &
    wait $!
    echo "test run: still running after ${LIMIT_MINUTES} min, ending it; the processes left:"
    for pid in $(descendants "$self"); do
      [ "$pid" = "$BASHPID" ] || [ ! -e "/proc/${pid}" ] && continue
      echo "  ${pid} $(tr '\0' ' ' <"/proc/${pid}/cmdline" 2>/dev/null | cut -c1-200)"
    done
    kill -TERM $(descendants "$browser_lane") $(descendants "$node_lane") \
      "$browser_lane" "$node_lane" 2>/dev/null
  ) &
  watchdog=$!
  wait $browser_lane
  browser_status=$?
  wait $node_lane
  node_status=$?
  kill $(descendants "$watchdog") "$watchdog" 2>/dev/null
  wait "$watchdog" 2>/dev/null
  end_leftovers "$log_pipe" "$self"
  for status in $built $browser_status $node_status; do
    [ "$status" -ne 0 ] && exit "$status"
  done
  exit 0
) 2>&1 | node scripts/test-summary.mjs --runs .turbo/runs --since "$since"
