import {defineConfig, devices} from '@playwright/test';

import {CHROMIUM_ARGS, chromiumPath} from './tests/support/browser';

/**
 * Browser tests run against the production build (`npm run build` first),
 * served by `docusaurus serve`, in the system's Chromium.
 * PORTAL_BUILD_DIR and PORTAL_PORT select another build folder and port.
 */
const BUILD_DIR = process.env.PORTAL_BUILD_DIR ?? 'build';
const SERVE_PORT = Number(process.env.PORTAL_PORT ?? 3100);

export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', {open: 'never'}]],
  timeout: 60_000,
  expect: {timeout: 10_000},
  use: {
    baseURL: `http://127.0.0.1:${SERVE_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {executablePath: chromiumPath(), args: CHROMIUM_ARGS},
  },
  projects: [
    {
      name: 'desktop',
      use: {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}},
    },
  ],
  webServer: {
    command: `npx --no-install docusaurus serve --dir ${BUILD_DIR} --port ${SERVE_PORT} --host 127.0.0.1 --no-open`,
    url: `http://127.0.0.1:${SERVE_PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
