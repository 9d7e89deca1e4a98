#!/usr/bin/env bash
# `npm test`: every check of the portal, cheapest first.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's heading says how long the run has taken so far, so a slow stage shows in the log.
step() { printf '\n=== %s (at %d s) ===\n' "$1" "$SECONDS"; }

# Test files run side by side, one per core (node --test runs one at a time on two cores by default).
CORES=$(node -p 'require("node:os").availableParallelism()')

step "Programs the browser tests need"
bash tests/setup.sh

step "Type check"
npm run --silent typecheck

step "Lint: code, content and OpenAPI"
npm run --silent lint

step "Production dependencies: no high or critical advisory (npm audit)"
npm run --silent audit:prod

step "Unit tests (Node.js): samples, content checks"
node --test --test-concurrency="$CORES" samples/ tests/unit/

step "Unit tests (Python): samples"
python3 -m unittest discover --start-directory samples --pattern 'test_*.py' --top-level-directory .

step "Production build, with its nginx configuration (build/.nginx/, by scripts/host-config.ts)"
npm run --silent build

step "Checks of the built site and of deploy/nginx/"
node --test --test-concurrency="$CORES" tests/build/

step "Browser tests against the production build: docusaurus serve and nginx"
npx --no-install playwright test

printf '\nAll checks passed in %d s.\n' "$SECONDS"
