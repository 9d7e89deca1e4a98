#!/usr/bin/env bash
# `npm test`: every check of the portal, cheapest first.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's heading says how long the run has taken so far, so a slow stage shows in the log.
step() { printf '\n=== %s (at %d s) ===\n' "$1" "$SECONDS"; }

step "Programs the browser tests need"
bash tests/setup.sh

step "Type check"
npm run --silent typecheck

step "Lint: code, content and OpenAPI"
npm run --silent lint

step "Production dependencies: no high or critical advisory (npm audit)"
npm run --silent audit:prod

step "Unit tests (Node.js): samples, content checks"
node --test samples/ tests/unit/

step "Unit tests (Python): samples"
python3 -m unittest discover --start-directory samples --pattern 'test_*.py' --top-level-directory .

step "Production build, with its nginx configuration (build/.nginx/, by scripts/host-config.ts)"
npm run --silent build

step "Checks of the built site and of deploy/nginx/"
node --test tests/build/

step "Browser tests against the production build: docusaurus serve and nginx"
npx --no-install playwright test

printf '\nAll checks passed in %d s.\n' "$SECONDS"
