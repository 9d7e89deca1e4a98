import {type ChildProcess, spawn} from 'node:child_process';
import path from 'node:path';

import {expect, type Page} from '@playwright/test';

import {test as base} from './fixtures';

import {buildDir} from './host';
import {openRequestPanel} from './pages';

const root = path.resolve(__dirname, '..', '..');

/** A Prism mock server of the merchant API, as the README tells partners to start it. */
export interface MockApi {
  readonly url: string;
}

/** First port of the mock servers of these tests; each Playwright worker adds its index. */
const FIRST_PORT = Number(process.env.PORTAL_MOCK_PORT ?? 4150);

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

/** `test` with a `mockApi` fixture: one Prism server per worker, started on first use. */
export const test = base.extend<object, {mockApi: MockApi}>({
  mockApi: [
    // Playwright reads the fixtures a function needs from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const port = FIRST_PORT + workerInfo.parallelIndex;
      const url = `http://127.0.0.1:${port}`;
      const prism: ChildProcess = spawn(
        path.join(root, 'node_modules', '.bin', 'prism'),
        [
          'mock',
          '-h',
          '127.0.0.1',
          '-p',
          String(port),
          path.join(buildDir, 'openapi', 'gerai-merchant-api.yaml'),
        ],
        {stdio: 'ignore'},
      );
      try {
        await expect
          .poll(() => answers(`${url}/integrations/partner/v1/linked-outlets`), {timeout: 30_000})
          .toBe(true);
        await provide({url});
      } finally {
        prism.kill();
      }
    },
    {scope: 'worker'},
  ],
});

/**
 * On an API reference page: opens the request panel, picks the "Local mock server" base URL and
 * points it at the mock. Returns the request form.
 */
export async function selectMockServer(page: Page, mock: MockApi) {
  await openRequestPanel(page);
  const panel = page.locator('.openapi-explorer__request-form');
  await panel.locator('.openapi-explorer__floating-btn').first().hover();
  await panel.getByRole('button', {name: 'Edit'}).click();
  await panel.getByRole('combobox', {name: 'Base URL'}).selectOption('{mockBaseUrl}');
  await panel
    .locator('input[name="mockBaseUrl"], input[placeholder="mockBaseUrl"]')
    .or(panel.getByRole('textbox', {name: 'mockBaseUrl'}))
    .fill(mock.url);
  return panel;
}

/**
 * On an API reference page: opens the request panel, points it at the mock, fills a bearer token
 * and presses "Send API Request". Returns the response panel.
 */
export async function sendRequestToMock(page: Page, mock: MockApi) {
  const panel = await selectMockServer(page, mock);
  await panel.getByLabel('Bearer Token').fill('sandbox-test-token');
  await panel.getByRole('button', {name: 'Send API Request'}).click();
  return page.locator('.openapi-explorer__response-container');
}
