import {readdirSync} from 'node:fs';
import path from 'node:path';

import {expect, test} from '@playwright/test';

import {buildDir, hostConfig} from '../support/host';
import {rawGet, type RawResponse} from '../support/http';
import {brotliModule} from '../support/nginx';
import {expectNotFoundPage, waitForHydration} from '../support/pages';

/**
 * The production host (nginx with deploy/nginx/) as a browser and a crawler
 * meet it: headers on every response, caching, compression, clean addresses
 * and the not-found page.
 */

const asset = (folder: 'js' | 'css', prefix: string) => {
  const name = readdirSync(path.join(buildDir, 'assets', folder)).find(
    (file) => file.startsWith(prefix) && file.endsWith(`.${folder}`),
  );
  if (name === undefined) throw new Error(`no ${prefix}*.${folder} in the build`);
  return `/assets/${folder}/${name}`;
};

const SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
};

const REVALIDATE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function expectSecurityHeaders(response: RawResponse, what: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(response.headers[name], `${name} of ${what}`).toBe(value);
  }
  expect(response.headers['content-security-policy'], `CSP of ${what}`).toBe(
    hostConfig().contentSecurityPolicy,
  );
  expect(response.headers.server, `Server of ${what} names no version`).toBe('nginx');
}

test.describe('production host', () => {
  test.describe('every kind of response carries the security headers and its caching rule', () => {
    const kinds: {what: string; path: () => string; status: number; cache: string; type?: RegExp}[] = [
      {what: 'a page', path: () => '/docs/docs/intro', status: 200, cache: REVALIDATE, type: /^text\/html/},
      {what: 'the home page', path: () => '/', status: 200, cache: REVALIDATE, type: /^text\/html/},
      {
        what: 'a script',
        path: () => asset('js', 'main.'),
        status: 200,
        cache: IMMUTABLE,
        type: /^application\/javascript/,
      },
      {
        what: 'a style sheet',
        path: () => asset('css', 'styles.'),
        status: 200,
        cache: IMMUTABLE,
        type: /^text\/css/,
      },
      {what: 'a redirect', path: () => '/docs/docs/intro/', status: 301, cache: REVALIDATE},
      {what: 'a missing page', path: () => '/docs/docs/no-such-page', status: 404, cache: REVALIDATE},
      {what: 'a missing asset', path: () => '/assets/js/no-such-chunk.js', status: 404, cache: REVALIDATE},
      {what: 'the sitemap', path: () => '/sitemap.xml', status: 200, cache: REVALIDATE, type: /xml/},
      {
        what: 'the search index',
        path: () => '/search-index.json',
        status: 200,
        cache: REVALIDATE,
        type: /^application\/json/,
      },
      {
        what: 'an OpenAPI download',
        path: () => '/openapi/gerai-merchant-api.yaml',
        status: 200,
        cache: REVALIDATE,
        type: /^application\/yaml/,
      },
      {
        what: 'an image',
        path: () => '/img/logo.svg',
        status: 200,
        cache: REVALIDATE,
        type: /^image\/svg\+xml/,
      },
      {what: 'a request the host refuses', path: () => '/%E0%A4%A', status: 400, cache: REVALIDATE},
    ];
    for (const kind of kinds) {
      test(`${kind.what}: ${kind.status}`, async ({baseURL}) => {
        const response = await rawGet(baseURL ?? '', kind.path());
        expect(response.status).toBe(kind.status);
        expectSecurityHeaders(response, kind.what);
        expect(response.headers['cache-control']).toBe(kind.cache);
        if (kind.type) expect(response.headers['content-type']).toMatch(kind.type);
      });
    }
  });

  test.describe('text is compressed as the browser asks', () => {
    const textFiles = () => [
      '/docs/docs/intro',
      asset('js', 'main.'),
      asset('css', 'styles.'),
      '/search-index.json',
      '/sitemap.xml',
      '/img/logo.svg',
      '/openapi/gerai-merchant-api.yaml',
    ];

    test('gzip for a client that accepts gzip', async ({baseURL}) => {
      for (const file of textFiles()) {
        const response = await rawGet(baseURL ?? '', file, {'Accept-Encoding': 'gzip'});
        expect(response.headers['content-encoding'], file).toBe('gzip');
        expect(response.headers.vary, file).toBe('Accept-Encoding');
      }
    });

    test('brotli for a client that prefers it where the module is installed, else gzip', async ({
      baseURL,
    }) => {
      // deploy/nginx/ loads brotli only where its module is installed; gzip then still applies.
      const installed = brotliModule() !== undefined;
      test.info().annotations.push({
        type: 'nginx brotli module',
        description: installed ? 'installed: brotli expected' : 'not installed: gzip expected',
      });
      for (const file of textFiles()) {
        const response = await rawGet(baseURL ?? '', file, {'Accept-Encoding': 'br, gzip'});
        expect(response.headers['content-encoding'], file).toBe(installed ? 'br' : 'gzip');
      }
    });

    test('nothing for a client that accepts neither', async ({baseURL}) => {
      for (const file of textFiles()) {
        const response = await rawGet(baseURL ?? '', file, {'Accept-Encoding': 'identity'});
        expect(response.headers['content-encoding'], file).toBeUndefined();
      }
    });
  });

  test.describe('addresses', () => {
    const redirects: [typed: string, canonical: string][] = [
      ['/docs/docs/intro/', '/docs/docs/intro'],
      ['/docs/docs/intro.html', '/docs/docs/intro'],
      ['/docs/docs/intro/index.html', '/docs/docs/intro'],
      ['/docs/docs/intro/index', '/docs/docs/intro'],
      ['/food', '/food/'],
      ['/food/index', '/food/'],
      ['/food/index.html', '/food/'],
      ['/docs/api/webhooks', '/docs/api/webhooks/'],
      ['/index.html', '/'],
      ['/search/?q=order%20state', '/search?q=order%20state'],
      ['/docs/docs/authentication.html?from=mail#scopes', '/docs/docs/authentication?from=mail'],
    ];
    for (const [typed, canonical] of redirects) {
      test(`${typed} answers 301 to ${canonical}`, async ({baseURL}) => {
        const response = await rawGet(baseURL ?? '', typed.replace(/#.*$/, ''));
        expect(response.status).toBe(301);
        expect(response.headers.location).toBe(canonical);
      });
    }

    test('each route of the sitemap answers 200 at the address the sitemap lists', async ({baseURL}) => {
      const {trailingSlashRoutes} = hostConfig();
      expect(trailingSlashRoutes).toEqual(expect.arrayContaining(['/food', '/docs/api/webhooks']));
      for (const route of ['/', '/docs/docs/intro', '/food/', '/docs/api/webhooks/', '/search', '/api']) {
        expect((await rawGet(baseURL ?? '', route)).status, route).toBe(200);
      }
    });

    test('a typed .html address ends on the page, at its clean address', async ({page}) => {
      await page.goto('/docs/docs/intro.html');
      await waitForHydration(page);
      expect(new URL(page.url()).pathname).toBe('/docs/docs/intro');
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    });

    test('the search page works on a cold load with its query', async ({page}) => {
      const response = await page.goto('/search?q=order%20state');
      expect(response?.status()).toBe(200);
      await expect(page.locator('article a[href*="order-state"]').first()).toBeVisible();
    });

    for (const missing of [
      '/docs/docs/no-such-page',
      '/docs/docs/no-such-page.html',
      '/docs/docs/intro/extra',
      '/assets/',
      '/img/',
    ]) {
      test(`${missing} answers 404 with the portal's not-found page`, async ({page}) => {
        const response = await page.goto(missing);
        expect(response?.status()).toBe(404);
        await expectNotFoundPage(page);
      });
    }

    test('the host configuration inside the build folder is not served', async ({baseURL}) => {
      for (const file of ['/.nginx/csp.conf', '/.nginx/host-config.json', '/.nginx/routes.conf']) {
        const response = await rawGet(baseURL ?? '', file);
        expect(response.status, file).toBe(404);
        expect(response.body).not.toContain('add_header');
      }
    });

    test('404.html itself is the not-found page, answered with 404', async ({baseURL}) => {
      const response = await rawGet(baseURL ?? '', '/404.html');
      expect(response.status).toBe(404);
    });
  });
});
