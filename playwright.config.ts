import {availableParallelism} from 'node:os';

import {defineConfig, devices} from '@playwright/test';

import {CHROMIUM_ARGS, testBrowserPath} from './tests/support/browser';

/**
 * Browser tests run against the production build (`npm run build` first), in
 * the system's Chromium, each test once:
 * - project `nginx`: every spec but the one below, through nginx configured as
 *   in production (deploy/nginx/, started by tests/support/nginx-server.ts);
 * - project `serve`: docusaurus-serve.spec.ts alone, a short check that
 *   `npm run serve` (scripts/serve-site: the pages as `docusaurus serve`
 *   serves them, and the MCP server at /mcp) serves the same build.
 * Both servers start once for the whole run; tests run in parallel, one
 * worker per core, each worker's tests in one browser context (below), and a
 * failure is not retried (a page whose renderer stops answering is loaded once
 * more, see tests/e2e/page-kinds.spec.ts). No trace is recorded: it
 * snapshots the page at every action and makes the suite about a third
 * slower. To record one for a failing test, run it with
 * `--trace retain-on-failure` and open it with `npx playwright show-trace`.
 * PORTAL_BUILD_DIR selects another build folder; PORTAL_PORT and
 * PORTAL_NGINX_PORT other ports.
 */
const BUILD_DIR = process.env.PORTAL_BUILD_DIR ?? 'build';
const SERVE_PORT = Number(process.env.PORTAL_PORT ?? 3100);
const NGINX_PORT = Number(process.env.PORTAL_NGINX_PORT ?? 3101);

/** The only spec about `npm run serve` itself; every other spec is about the production host. */
const SERVE_SPEC = /[\\/]docusaurus-serve\.spec\.ts$/;

const desktop = {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}};

export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: availableParallelism(),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', {open: 'never'}]],
  timeout: 60_000,
  expect: {timeout: 10_000},
  use: {
    // The tests of a worker share one browser context and its tab, which Playwright resets between
    // them (cookies, cache, local storage and IndexedDB cleared, routes, bindings and init scripts
    // removed, viewport and emulation options applied again; tests/support/fixtures.ts clears the
    // tab's session storage). A new context per test cost Chromium about a second of CPU to create,
    // fill and close: with two cores that was a third of this stage (585 against 394 to 447
    // CPU-seconds). Playwright's option (experimental, meant for component tests) does not undo
    // what a test changes at run time: a test that goes offline or emulates a slow network through
    // CDP runs in a context of its own (`inOwnContext`, tests/support/fixtures.ts; Playwright
    // refuses `reuseContext` in a describe group). Upgrade: check that the option still resets what
    // this list says (its documentation in @playwright/test's types).
    reuseContext: true,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {executablePath: testBrowserPath(), args: CHROMIUM_ARGS},
  },
  projects: [
    {
      name: 'serve',
      testMatch: SERVE_SPEC,
      use: {...desktop, baseURL: `http://127.0.0.1:${SERVE_PORT}`},
    },
    {
      name: 'nginx',
      testIgnore: SERVE_SPEC,
      use: {...desktop, baseURL: `http://127.0.0.1:${NGINX_PORT}`},
    },
  ],
  webServer: [
    {
      command: `npm run --silent serve -- --dir ${BUILD_DIR} --port ${SERVE_PORT} --host 127.0.0.1 --no-open`,
      url: `http://127.0.0.1:${SERVE_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `npx --no-install jiti tests/support/nginx-server.ts --root ${BUILD_DIR} --port ${NGINX_PORT}`,
      url: `http://127.0.0.1:${NGINX_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      gracefulShutdown: {signal: 'SIGTERM', timeout: 5_000},
    },
  ],
});
