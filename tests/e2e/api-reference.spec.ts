import {readFileSync} from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import {expect} from '@playwright/test';
import {parse} from 'yaml';

import {inOwnContext} from '../support/fixtures';
import {buildDir} from '../support/host';
import {selectMockServer, sendRequestToMock, test} from '../support/mock-api';
import {openRequestPanel, waitForHydration} from '../support/pages';

// What every kind of page loads before the reader does anything is checked on one page of every
// kind and component (page-kinds.spec.ts).
test.describe('diagrams', () => {
  test('a diagram is an image drawn ahead of time: shown with JavaScript off, and told in words', async ({
    browser,
    baseURL,
  }) => {
    await inOwnContext(browser, {baseURL, javaScriptEnabled: false}, async (page) => {
      await page.goto('/docs/docs/food-integration/how-to/order-state');
      const image = page.locator('figure[data-diagram] img');
      await expect(image).toHaveAttribute(
        'alt',
        /^State machine of a Gerai Food order\. An order starts as CREATED/,
      );
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
    });
  });

  test('a diagram below the fold loads when the reader scrolls to it, with no diagram library', async ({
    page,
  }) => {
    // Its one diagram is about 3,800 px down the page.
    await page.goto('/docs/docs/food-integration/direct-integration');
    await waitForHydration(page);
    const diagram = page.locator('[data-diagram]').first();
    const image = diagram.locator('img');
    await expect(image).toHaveAttribute('loading', 'lazy');
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    await expect(diagram.locator('.docusaurus-mermaid-container')).toHaveCount(0);
  });
});

test.describe('reference pages', () => {
  test('show the method, path, parameters and examples of the operation', async ({page}) => {
    await page.goto('/docs/api/food-integration/reject-order');
    await waitForHydration(page);
    const article = page.locator('article');
    await expect(page.getByRole('heading', {level: 1, name: 'Reject an order'})).toBeVisible();
    await expect(article.locator('.api-endpoint')).toHaveText(
      'PUT /integrations/food/outlets/{outlet_id}/v1/orders/{order_type}/{order_id}/cancelled',
    );
    await expect(article.getByText('food:order:write', {exact: true})).toBeVisible();
    await expect(article.getByRole('heading', {name: 'Path parameters'})).toBeVisible();
    await expect(article.getByRole('heading', {name: 'Example request'})).toBeVisible();
    await expect(
      article
        .locator('pre:visible')
        .filter({hasText: '"cancel_reason_description": "Sate Kambing is sold out for today."'})
        .first(),
    ).toBeVisible();
    await expect(article.getByRole('heading', {name: '409 Conflict'})).toBeVisible();
  });

  test('never go blank while the request panel loads, on a slow phone connection', async ({
    browser,
    baseURL,
    viewport,
  }) => {
    test.slow();
    // The emulated network and CPU stay with the tab: a context of its own.
    await inOwnContext(browser, {baseURL, viewport}, async (page) => {
      const route = '/docs/api/food-integration/accept-order';
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (400 * 1000) / 8,
        uploadThroughput: (400 * 1000) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
      // Samples the text of <main> every 100 ms in the page itself, from the first paint until 3 s
      // after the page has loaded every file it asked for and hydrated (at most 30 s): hydration is
      // when a page whose server HTML React cannot reuse goes blank.
      await page.addInitScript(() => {
        const state = window as unknown as {samples: number[]; sampled?: boolean};
        const samples: number[] = [];
        state.samples = samples;
        let ready: number | undefined;
        const timer = setInterval(() => {
          samples.push(document.querySelector('main')?.innerText.length ?? 0);
          if (
            ready === undefined &&
            document.readyState === 'complete' &&
            document.documentElement.dataset.hasHydrated === 'true'
          ) {
            ready = samples.length;
          }
          if (samples.length >= 300 || (ready !== undefined && samples.length >= ready + 30)) {
            clearInterval(timer);
            state.sampled = true;
          }
        }, 100);
      });
      await page.goto(route, {waitUntil: 'commit'});
      const samples = () => page.evaluate(() => (window as unknown as {samples: number[]}).samples);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as {sampled?: boolean}).sampled === true), {
          timeout: 60_000,
          intervals: [1_000],
        })
        .toBe(true);
      const lengths = await samples();
      const shown = lengths.findIndex((length) => length > 2_000);
      // When it fails, what the page had reached says whether it was the network or the page.
      const reached =
        shown >= 0
          ? ''
          : await page.evaluate(
              () =>
                `document ${document.readyState}, hydrated: ${document.documentElement.dataset.hasHydrated ?? 'no'}`,
            );
      expect(
        shown,
        `the text never appeared: <main> held at most ${Math.max(0, ...lengths)} characters over ` +
          `${lengths.length} samples, 100 ms apart (${reached})`,
      ).toBeGreaterThanOrEqual(0);
      const dips = lengths
        .slice(shown)
        .map((length, index) => ({at: `${(shown + index) / 10} s`, length}))
        .filter(({length}) => length < lengths[shown] * 0.95);
      expect(dips, 'the text of <main> shrank after it was shown').toEqual([]);
      await expect(page.getByRole('heading', {level: 1, name: 'Accept an order'})).toBeVisible();
    });
  });

  test("a link in the operation's description opens its page in the app, and a modified click is the browser's", async ({
    page,
  }) => {
    await page.goto('/docs/api/food-integration/accept-order');
    await waitForHydration(page);
    const link = page.locator('article').getByRole('link', {name: 'release 2026-11-22', exact: true});
    // A modified click (a new tab, here a new window) leaves this page where it is.
    const opened = page.context().waitForEvent('page');
    await link.click({modifiers: ['Shift']});
    await (await opened).close();
    await expect(page).toHaveURL(/\/docs\/api\/food-integration\/accept-order$/);
    // A plain click: the page changes without the document being loaded again.
    await page.evaluate(() => Object.assign(window, {sameDocument: true}));
    await link.click();
    await expect(page).toHaveURL(/\/changelog\/release-2026-11-22$/);
    await expect(page.getByRole('heading', {level: 1})).toContainText('2026-11-22');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('mark each operation in the sidebar with its method', async ({page}) => {
    await page.goto('/docs/api/food-integration/order-acceptance');
    const sidebar = page.locator('.theme-doc-sidebar-menu');
    await expect(sidebar.locator('li.api-method.put').first()).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Reject an order', exact: true})).toBeVisible();
  });

  test('a hub page leads to each of its operations', async ({page}) => {
    await page.goto('/docs/api/food-integration/order-acceptance');
    await waitForHydration(page);
    const article = page.locator('article');
    // A card is a link whose heading is the operation's title, after the card's icon.
    const card = (title: string) =>
      article
        .getByRole('link')
        .filter({has: page.getByRole('heading', {name: new RegExp(`^\\W*${title}$`)})});
    await expect(card('Accept an order')).toHaveAttribute('href', '/docs/api/food-integration/accept-order');
    await expect(card('Reject an order')).toHaveAttribute('href', '/docs/api/food-integration/reject-order');
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

test.describe('the request panel', () => {
  test('without JavaScript, says it needs JavaScript and offers no button that does nothing', async ({
    browser,
    baseURL,
  }) => {
    await inOwnContext(browser, {baseURL, javaScriptEnabled: false}, async (page) => {
      await page.goto('/docs/api/food-integration/accept-order');
      const panel = page.getByRole('region', {name: 'Try it'});
      await expect(panel.getByRole('button', {name: 'Open the request panel'})).toBeDisabled();
      // Playwright's text search skips <noscript>, so the note is found by its element.
      const note = panel.locator('noscript > p');
      await expect(note).toBeVisible();
      await expect(note).toHaveText(/^The request panel needs JavaScript\./);
    });
  });

  test('with JavaScript, opens from a button that works once the page is ready, with no note about JavaScript', async ({
    page,
  }) => {
    await page.goto('/docs/api/food-integration/accept-order');
    await waitForHydration(page);
    const panel = page.getByRole('region', {name: 'Try it'});
    await expect(panel.getByRole('button', {name: 'Open the request panel'})).toBeEnabled();
    await expect(panel.locator('noscript > p')).toBeHidden();
  });

  test('loads only when the reader asks for it, and then shows code samples in six languages', async ({
    page,
  }) => {
    const scripts: string[] = [];
    const operations: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
      if (new URL(request.url()).pathname.startsWith('/assets/operations/')) operations.push(request.url());
    });
    await page.goto('/docs/api/food-integration/reject-order');
    await waitForHydration(page);
    const before = scripts.length;
    expect(operations, 'no operation fetched before the panel is asked for').toEqual([]);
    await expect(page.getByRole('button', {name: 'Send API Request'})).toHaveCount(0);
    // Nothing of the token form is on the page, nor in the code it has loaded, until the panel opens.
    await expect(page.getByRole('button', {name: 'Get token'})).toHaveCount(0);
    const loaded = scripts.map((url) => readFileSync(path.join(buildDir, new URL(url).pathname), 'utf8'));
    expect(loaded.filter((code) => code.includes('Get a token with client credentials'))).toEqual([]);
    await openRequestPanel(page);
    expect(scripts.length, 'the panel brings its own scripts').toBeGreaterThan(before);
    expect(operations, 'the panel fetches its operation').toHaveLength(1);
    await expect(page.getByRole('heading', {name: 'Try it'})).toBeFocused();
    const panel = page.locator('section[aria-labelledby="try-it-heading"]');
    for (const language of ['curl', 'nodejs', 'python', 'go', 'java', 'php']) {
      await panel.locator(`.openapi-tabs__code-item--${language}`).click();
      await expect(panel.locator('.openapi-tabs__code-container pre:visible').first()).toContainText(
        /cancelled/,
      );
    }
  });

  test('its code samples send what the page’s example request sends: the token request with HTTP Basic and a form', async ({
    page,
  }) => {
    await page.goto('/docs/api/auth/authorization-server/get-token');
    await waitForHydration(page);
    await openRequestPanel(page);
    const panel = page.locator('section[aria-labelledby="try-it-heading"]');
    await panel.locator('.openapi-tabs__code-item--curl').click();
    const curl = panel.locator('.openapi-tabs__code-container pre:visible').first();
    await expect(curl).toContainText("-H 'Content-Type: application/x-www-form-urlencoded'");
    await expect(curl).toContainText("-H 'Authorization: Basic ");
    await expect(curl).toContainText("-d 'grant_type=client_credentials'");
    await expect(curl).not.toContainText('Bearer');
  });

  test('starts a path parameter at its example, so the code samples name it', async ({page}) => {
    await page.goto('/api/uploads-an-image');
    await waitForHydration(page);
    await openRequestPanel(page);
    const panel = page.locator('section[aria-labelledby="try-it-heading"]');
    await panel.locator('.openapi-tabs__code-item--curl').click();
    await expect(panel.locator('.openapi-tabs__code-container pre:visible').first()).toContainText(
      'https://petstore.sandbox.gerai.example/v1/pet/10/uploadImage',
    );
  });

  test('brings its own stylesheet: the page does not wait for it, the open panel is styled', async ({
    page,
  }) => {
    /** How many rules of the page's stylesheets style the panel (the OpenAPI theme's `openapi-` classes). */
    const panelRules = () =>
      page.evaluate(
        () =>
          Array.from(document.styleSheets)
            .flatMap((sheet) => Array.from(sheet.cssRules))
            .filter((rule) => rule instanceof CSSStyleRule && rule.selectorText.includes('.openapi-')).length,
      );
    await page.goto('/docs/api/food-integration/reject-order');
    await waitForHydration(page);
    // Only the portal's own few overrides (src/css/custom.css) before the panel is asked for.
    expect(await panelRules(), 'rules for the panel before it is asked for').toBeLessThan(10);
    await openRequestPanel(page);
    expect(await panelRules(), 'rules for the panel once open').toBeGreaterThan(100);
    const codeSamples = page
      .locator('section[aria-labelledby="try-it-heading"] .openapi-tabs__code-container')
      .first();
    await expect(codeSamples).toHaveCSS('border-top-style', 'solid');
  });

  for (const [what, files] of [
    ['code', '**/assets/js/*.js'],
    ['operation', '**/assets/operations/*.json'],
  ]) {
    test(`says so when its ${what} cannot be loaded, and loads it on the next try`, async ({page}) => {
      await page.goto('/docs/api/food-integration/reject-order');
      await waitForHydration(page);
      await page.route(files, (route) => route.abort());
      await page.getByRole('button', {name: 'Open the request panel'}).click();
      await expect(page.getByRole('alert')).toHaveText(
        'The request panel could not be loaded. Check your connection and try again.',
      );
      await page.unroute(files);
      await openRequestPanel(page);
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }

  test('opens from the keyboard, and Tab then reaches "Send API Request"', async ({page}) => {
    await page.goto('/docs/api/food-integration/reject-order');
    await waitForHydration(page);
    const button = page.getByRole('button', {name: 'Open the request panel'});
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', {name: 'Try it'})).toBeFocused();
    const send = page.getByRole('button', {name: 'Send API Request'});
    await expect(send).toBeVisible();
    for (
      let presses = 0;
      presses < 80 && !(await send.evaluate((el) => el === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(send).toBeFocused();
  });

  test('has no accessibility violation once open', async ({page}) => {
    await page.goto('/docs/api/food-integration/reject-order');
    await openRequestPanel(page);
    const results = await new AxeBuilder({page})
      .include('section[aria-labelledby="try-it-heading"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
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

/** What the token endpoint answers (RFC 6749, section 5.1). */
interface TokenAnswer {
  readonly access_token: string;
  readonly scope: string;
  readonly expires_in: number;
}

test.describe('Get a token with client credentials', () => {
  /** The client credentials answer the authorization server's description gives as its example. */
  const example = (
    parse(readFileSync(path.join(buildDir, 'openapi', 'gerai-oauth.yaml'), 'utf8')) as {
      paths: Record<
        string,
        {
          post: {
            responses: Record<
              string,
              {content: Record<string, {examples: Record<string, {value: TokenAnswer}>}>}
            >;
          };
        }
      >;
    }
  ).paths['/oauth2/token'].post.responses['200'].content['application/json'].examples.clientCredentials.value;
  const exampleToken = example.access_token;

  test('gets a token from the mock of the authorization server, and the next request carries it', async ({
    page,
    mockApi,
  }) => {
    await page.goto('/docs/api/outlet-information/get-all-outlets');
    const panel = await selectMockServer(page, mockApi);
    const form = panel.getByRole('group', {name: 'Get a token with client credentials'});
    await expect(form).toContainText(`${mockApi.url}/oauth2/token`);
    await expect(form.getByLabel('Scopes, separated by spaces')).toHaveValue('partner:outlet:read');
    await form.getByLabel('Client ID').fill('partner-satepos');
    await form.getByLabel('Client secret').fill('sandbox-secret');

    const tokenRequest = page.waitForRequest(
      (request) => request.url() === `${mockApi.url}/oauth2/token` && request.method() === 'POST',
    );
    await form.getByRole('button', {name: 'Get token'}).click();
    const sent = await tokenRequest;
    expect(sent.headers().authorization).toBe(
      `Basic ${Buffer.from('partner-satepos:sandbox-secret').toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(sent.postData() ?? ''))).toEqual({
      grant_type: 'client_credentials',
      scope: 'partner:outlet:read',
    });
    await expect(form.getByRole('status')).toContainText(
      `Got a token for ${example.scope}, valid for ${example.expires_in} seconds.`,
    );
    await expect(panel.getByLabel('Bearer Token')).toHaveValue(exampleToken);

    const apiRequest = page.waitForRequest((request) =>
      request.url().startsWith(`${mockApi.url}/integrations/partner/v1/linked-outlets`),
    );
    await panel.getByRole('button', {name: 'Send API Request'}).click();
    expect((await apiRequest).headers().authorization).toBe(`Bearer ${exampleToken}`);
    await expect(page.locator('.openapi-explorer__response-container')).toContainText(
      'Warung Sate Pak Budi',
      {
        timeout: 20_000,
      },
    );
  });

  test('says what is missing, and what the token endpoint refused, without touching the token', async ({
    page,
    mockApi,
  }) => {
    await page.goto('/docs/api/outlet-information/get-all-outlets');
    const panel = await selectMockServer(page, mockApi);
    const form = panel.getByRole('group', {name: 'Get a token with client credentials'});
    await panel.getByLabel('Bearer Token').fill('pasted-token');
    await form.getByLabel('Client ID').fill('partner-satepos');
    await form.getByLabel('Client ID').press('Enter');
    await expect(form.getByRole('status')).toHaveText('Enter the client ID and the client secret.');
    await form.getByLabel('Client secret').fill('sandbox-secret');
    // The mock checks the form against the description: an empty scope is refused.
    await form.getByLabel('Scopes, separated by spaces').fill('');
    await form.getByRole('button', {name: 'Get token'}).click();
    await expect(form.getByRole('status')).toContainText('The token endpoint answered 4');
    await expect(form.getByRole('status')).toContainText('No token was set.');
    await expect(panel.getByLabel('Bearer Token')).toHaveValue('pasted-token');
  });

  test('is not offered for production, where the client secret must stay on a server', async ({page}) => {
    await page.goto('/docs/api/outlet-information/get-all-outlets');
    await openRequestPanel(page);
    const panel = page.locator('.openapi-explorer__request-form');
    await panel.locator('.openapi-explorer__floating-btn').first().hover();
    await panel.getByRole('button', {name: 'Edit'}).click();
    await panel.getByRole('combobox', {name: 'Base URL'}).selectOption('https://api.gerai.example');
    const form = panel.getByRole('group', {name: 'Get a token with client credentials'});
    await expect(form).toContainText('Tokens for production are not fetched in the browser');
    await expect(form.getByRole('button', {name: 'Get token'})).toHaveCount(0);
  });
});
