import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';

import {expect, type Page} from '@playwright/test';

import {docsSidebarRoutes} from '../fixtures/routes';
import {buildDir} from '../support/host';
import {sendRequestToMock, test} from '../support/mock-api';
import {waitForHydration} from '../support/pages';

/** Gzipped bytes of every script the page loaded, read from the build. */
async function scriptWeight(page: Page, route: string): Promise<{total: number; scripts: string[]}> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.add(new URL(response.url()).pathname);
    }
  });
  await page.goto(route, {waitUntil: 'networkidle'});
  await waitForHydration(page);
  const total = [...scripts].reduce(
    (sum, script) => sum + gzipSync(readFileSync(path.join(buildDir, script))).length,
    0,
  );
  return {total, scripts: [...scripts]};
}

/**
 * Keeps every diagram of the page from coming near the viewport, as for a reader who does not
 * scroll to it: the Mermaid wrapper (src/theme/Mermaid) loads the diagram library only when
 * its placeholder, marked `data-diagram`, is reported near.
 */
async function holdDiagramsBack(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Observer = window.IntersectionObserver;
    window.IntersectionObserver = class extends Observer {
      observe(target: Element): void {
        if (!target.hasAttribute('data-diagram')) super.observe(target);
      }
    };
  });
}

test.describe('page weight', () => {
  const KB = 1024;
  /** Guides carry no API explorer. A diagram loads its library when it nears the viewport. */
  const GUIDE_BUDGET = 250 * KB;
  const REFERENCE_BUDGET = 1024 * KB;

  for (const route of docsSidebarRoutes) {
    test(`${route} loads at most 250 KB of gzipped JavaScript before its diagrams`, async ({page}) => {
      await holdDiagramsBack(page);
      const {total, scripts} = await scriptWeight(page, route);
      expect(total, `${scripts.length} scripts`).toBeLessThanOrEqual(GUIDE_BUDGET);
    });
  }

  test('a diagram below the fold is drawn when the reader scrolls to it', async ({page}) => {
    // Its one diagram is about 3,800 px down the page.
    await page.goto('/docs/docs/food-integration/direct-integration');
    await waitForHydration(page);
    const diagram = page.locator('[data-diagram]').first();
    await expect(diagram).toHaveAttribute('aria-busy', 'true');
    await expect(diagram).toContainText('Diagram');
    await diagram.scrollIntoViewIfNeeded();
    await expect(diagram).toHaveAttribute('aria-busy', 'false');
    await expect(diagram.locator('.docusaurus-mermaid-container svg')).toBeVisible();
  });

  for (const route of [
    '/docs/api/outlet-information/get-all-outlets',
    '/docs/api/food-integration/reject-order',
    '/docs/api/payment-integration/create-transaction',
    '/api/add-a-new-pet-to-the-store',
  ]) {
    test(`${route}, a generated reference page, loads at most 1 MB of gzipped JavaScript`, async ({page}) => {
      const {total} = await scriptWeight(page, route);
      expect(total).toBeLessThanOrEqual(REFERENCE_BUDGET);
    });
  }
});

test.describe('reference pages', () => {
  test('show the method, path, parameters and examples of the operation', async ({page}) => {
    await page.goto('/docs/api/food-integration/reject-order');
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1, name: 'Reject an order'})).toBeVisible();
    await expect(page.locator('.openapi__method-endpoint')).toContainText(
      'PUT https://api.sandbox.gerai.example/integrations/food/outlets/:outlet_id/v1/orders/:order_type/:order_id/cancelled',
    );
    const examples = page.locator('article');
    await expect(examples.getByRole('heading', {name: 'Examples'})).toBeVisible();
    await expect(
      examples.locator('pre:visible').filter({hasText: '"cancel_reason_code": "ITEMS_OUT_OF_STOCK"'}).first(),
    ).toBeVisible();
    await expect(examples.getByRole('heading', {name: '409 response'})).toBeVisible();
  });

  test('mark each operation in the sidebar with its method', async ({page}) => {
    await page.goto('/docs/api/food-integration/order-acceptance');
    const sidebar = page.locator('.theme-doc-sidebar-menu');
    await expect(sidebar.locator('li.api-method.put').first()).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Reject an order'})).toBeVisible();
  });

  test('a hub page leads to each of its operations', async ({page}) => {
    await page.goto('/docs/api/food-integration/order-acceptance');
    await waitForHydration(page);
    const article = page.locator('article');
    await expect(article.getByRole('link', {name: /Accept an order/})).toHaveAttribute(
      'href',
      '/docs/api/food-integration/accept-order',
    );
    await expect(article.getByRole('link', {name: /Reject an order/})).toHaveAttribute(
      'href',
      '/docs/api/food-integration/reject-order',
    );
  });

  test('the description can be downloaded from the API introduction', async ({page, request}) => {
    await page.goto('/docs/api/intro');
    const link = page.locator('article a[href$="/openapi/gerai-merchant-api.yaml"]').first();
    await expect(link).toBeVisible();
    const response = await request.get('/openapi/gerai-merchant-api.yaml');
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('openapi: 3.1.0');
  });
});

test.describe('Send API Request', () => {
  test('sends a request from the browser to a mock server of the description and shows its answer', async ({
    page,
    mockApi,
  }) => {
    await page.goto('/docs/api/outlet-information/get-all-outlets');
    const response = await sendRequestToMock(page, mockApi);
    await expect(response).toContainText('Warung Sate Pak Budi', {timeout: 20_000});
    await expect(response).toContainText('200');
  });
});
