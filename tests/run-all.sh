#!/usr/bin/env bash
# `npm test`: every check of the portal, cheapest first. Each stage's heading says how long the
# run has taken so far, and the run ends with the time of every stage.
#
# PORTAL_TEST_KEEP_GOING=1 runs every stage even after one fails (the run still fails), for
# measuring the stages of a site that does not pass (`npm run bench:suite`).
set -uo pipefail
cd "$(dirname "$0")/.."

# Test files run side by side, one per core (node --test runs one at a time on two cores by default).
CORES=$(node -p 'require("node:os").availableParallelism()')

declare -a TIMES=()
FAILED=()

# children_cpu: sets CPU to the CPU seconds (user and system) the run's finished processes have used
# so far. `times` runs in this shell (in a subshell it would count the subshell's children only) and
# prints the shell's own times, then its children's: "0m1.250s 0m0.375s".
CPU_FILE=$(mktemp)
trap 'rm -f "$CPU_FILE"' EXIT
children_cpu() {
  times >"$CPU_FILE"
  CPU=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$CPU_FILE")
}

# stage NAME COMMAND...: runs a stage, records its time, and stops the run when it fails.
stage() {
  local name=$1 started=$SECONDS cpu
  children_cpu
  cpu=$CPU
  shift
  printf '\n=== %s (at %d s) ===\n' "$name" "$SECONDS"
  if ! "$@"; then
    FAILED+=("$name")
    if [ "${PORTAL_TEST_KEEP_GOING:-}" != 1 ]; then
      children_cpu
      TIMES+=("$(printf '%5d s %6d s  %s (failed)' "$((SECONDS - started))" "$((CPU - cpu))" "$name")")
      summary
      exit 1
    fi
  fi
  children_cpu
  TIMES+=("$(printf '%5d s %6d s  %s' "$((SECONDS - started))" "$((CPU - cpu))" "$name")")
}

summary() {
  printf '\n=== Stage times: elapsed, and CPU (user and system, every core) ===\n'
  printf '%s\n' "${TIMES[@]}"
  children_cpu
  printf '%5d s %6d s  in all\n' "$SECONDS" "$CPU"
}

# together COMMAND...: runs the commands (each a line for bash) side by side, and prints each one's
# output once it has ended, in the order given, each failure named; fails when one of them fails.
together() {
  local folder status=0 index command code
  local -a commands=("$@")
  folder=$(mktemp -d)
  local -a pids=()
  index=0
  for command in "$@"; do
    bash -c "$command" >"$folder/$index.log" 2>&1 &
    pids+=($!)
    index=$((index + 1))
  done
  for index in "${!pids[@]}"; do
    code=0
    wait "${pids[$index]}" || code=$?
    cat "$folder/$index.log"
    if [ "$code" -ne 0 ]; then
      printf '✖ %s failed (exit code %d)\n' "${commands[$index]}" "$code"
      status=1
    fi
  done
  rm -rf "$folder"
  return $status
}

# The programs the browser tests need (installed by apt-get on a new machine, which mostly waits on
# the network and the disk), the type check, the linters and the audit read or write nothing the
# others use: they run side by side (ESLint alone keeps more than one core busy, the others one or
# none); the stage times at the end of a run say what they cost together.
# The OpenAPI descriptions are linted by the build (`npm run gen-api` runs `redocly lint` with the
# same configuration as `npm run lint:openapi`, and generates nothing until it passes): not twice.
# The changelog check (every breaking change since the last release of the description is declared
# in the changelog, and no entry names an operation or field the description does not have) is
# `npm run api:changes -- --check`, run by the unit tests on a copy of openapi/ and changelog/
# ("passes on the repository as it is", tests/unit/api-changes.test.mjs): not twice either.
stage "Programs the browser tests need; type check; lint (code and content); npm audit" \
  together 'bash tests/setup.sh' 'npm run --silent typecheck' 'npm run --silent lint:code' 'npm run --silent lint:format' \
  'npm run --silent lint:content' 'npm run --silent audit:prod'
# longest_first LONGEST... -- DIRS...: the test files under DIRS, the ones named first. With one
# file per core, a long file that starts last runs alone at the end (it did: the Node unit stage
# took 66 s for 86 s of tests on two cores, at ten times the content).
longest_first() {
  local -a first=()
  while [ "$1" != -- ]; do first+=("$1"); shift; done
  shift
  printf '%s\n' "${first[@]}"
  find "$@" -name '*.test.mjs' -not -path '*/node_modules/*' | sort | grep -vxF -f <(printf '%s\n' "${first[@]}")
}
mapfile -t UNIT_FILES < <(longest_first tests/unit/generate-api-docs.test.mjs tests/unit/api-changes.test.mjs -- \
  samples tests/unit)
mapfile -t BUILD_FILES < <(longest_first tests/build/every-page.test.mjs tests/build/postman-newman.test.mjs \
  tests/build/request-samples-mock.test.mjs -- tests/build)

stage "Unit tests (Node.js): samples, content checks" \
  node --test --test-concurrency="$CORES" "${UNIT_FILES[@]}"
# A stage of its own, so that a failure of npm start is named as one: it starts the development
# server on a copy of the portal and checks in a browser what a writer sees after each edit.
stage "The development server (npm start): a writer's edits in a browser" \
  node --test tests/dev/dev-server.test.mjs
stage "Unit tests (Python): samples" \
  python3 -m unittest discover --start-directory samples --pattern 'test_*.py' --top-level-directory .
stage "Production build, with its nginx configuration (build/.nginx/, by scripts/host-config/)" \
  npm run --silent build
stage "Checks of the built site and of deploy/nginx/" node --test --test-concurrency="$CORES" "${BUILD_FILES[@]}"
stage "Browser tests against the production build: docusaurus serve and nginx" \
  npx --no-install playwright test

summary
if [ ${#FAILED[@]} -gt 0 ]; then
  printf '\nFailed: %s\n' "${FAILED[@]}"
  exit 1
fi
printf '\nAll checks passed in %d s.\n' "$SECONDS"
