import {readdirSync} from 'node:fs';
import path from 'node:path';

import {expect} from '@playwright/test';

import {API_CATALOG_LINK, API_CATALOG_PATH} from '../../src/config/api-catalog';
import {test} from '../support/fixtures';
import {buildDir, hostConfig} from '../support/host';
import {rawGet, rawRequest, type RawResponse} from '../support/http';
import {brotliModule} from '../support/nginx';
import {expectNotFoundPage, waitForHydration} from '../support/pages';

/**
 * The production host (nginx with deploy/nginx/) as a browser, a crawler and
 * an AI agent meet it: headers on every response, caching, compression, clean
 * addresses, a page's Markdown by content negotiation, the API catalog and the
 * not-found page.
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

/** The request headers a response says it varies by. */
const varies = (response: RawResponse): string[] => (response.headers.vary ?? '').split(/\s*,\s*/);

/** What Chromium sends when it navigates to a page. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,' +
  'application/signed-exchange;v=b3;q=0.7';

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
        expect(varies(response), file).toContain('Accept-Encoding');
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

  test.describe('addresses an agent can use', () => {
    const pages: [what: string, page: string, markdown: string][] = [
      ['a guide', '/docs/docs/intro', '/docs/docs/intro.md'],
      [
        'a reference page',
        '/docs/api/food-integration/accept-order',
        '/docs/api/food-integration/accept-order.md',
      ],
      ['a landing page', '/food/', '/food.md'],
      ['a blog post', '/blog/welcome', '/blog/welcome.md'],
      ['a changelog entry', '/changelog/release-2026-11-23', '/changelog/release-2026-11-23.md'],
      ['the home page', '/', '/index.md'],
    ];
    for (const [what, page, markdown] of pages) {
      test(`${what}: Accept: text/markdown gives its Markdown, a browser its HTML, both with Vary: Accept`, async ({
        baseURL,
      }) => {
        const file = await rawGet(baseURL ?? '', markdown);
        expect(file.status).toBe(200);
        const asMarkdown = await rawGet(baseURL ?? '', page, {Accept: 'text/markdown'});
        expect(asMarkdown.status).toBe(200);
        expect(asMarkdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
        expect(asMarkdown.body).toBe(file.body);
        expect(asMarkdown.body).toMatch(/^---\ntitle: /);
        expect(varies(asMarkdown)).toContain('Accept');
        expect(asMarkdown.headers['cache-control']).toBe(REVALIDATE);
        expectSecurityHeaders(asMarkdown, `${page} as Markdown`);

        const asHtml = await rawGet(baseURL ?? '', page, {Accept: BROWSER_ACCEPT});
        expect(asHtml.status).toBe(200);
        expect(asHtml.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(asHtml.body).toMatch(/^<!doctype html>/i);
        expect(varies(asHtml)).toContain('Accept');
        expect(asHtml.headers['cache-control']).toBe(REVALIDATE);
        expectSecurityHeaders(asHtml, `${page} as HTML`);
      });
    }

    test('Markdown only when the request prefers it to HTML, by q-value', async ({baseURL}) => {
      const answers: [accept: string, type: string][] = [
        ['text/markdown, text/html;q=0.5', 'text/markdown'],
        ['text/markdown;q=0.9, */*;q=0.8', 'text/markdown'],
        ['text/markdown, */*', 'text/markdown'],
        ['text/html, text/markdown', 'text/html'],
        ['text/markdown;q=0.5, text/html', 'text/html'],
        ['text/markdown;q=0', 'text/html'],
        ['*/*', 'text/html'],
        ['text/html', 'text/html'],
        ['text/*', 'text/html'],
      ];
      for (const [accept, type] of answers) {
        const response = await rawGet(baseURL ?? '', '/docs/docs/intro', {Accept: accept});
        expect(response.headers['content-type'], accept).toBe(`${type}; charset=utf-8`);
      }
      const none = await rawGet(baseURL ?? '', '/docs/docs/intro');
      expect(none.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    test('a page without Markdown answers its HTML, redirects and unknown paths are as they were', async ({
      baseURL,
    }) => {
      const markdown = {Accept: 'text/markdown'};
      // A list of posts is a page of links to pages that have their Markdown, and has none of its own.
      const list = await rawGet(baseURL ?? '', '/blog/archive', markdown);
      expect(list.status).toBe(200);
      expect(list.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(varies(list)).not.toContain('Accept');
      const redirect = await rawGet(baseURL ?? '', '/food', markdown);
      expect(redirect.status).toBe(301);
      expect(redirect.headers.location).toBe('/food/');
      const missing = await rawGet(baseURL ?? '', '/docs/docs/no-such-page', markdown);
      expect(missing.status).toBe(404);
      expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    test('the API catalog is a linkset of the OpenAPI descriptions, docs, llms.txt and Postman collection, every link answering 200', async ({
      baseURL,
    }) => {
      const response = await rawGet(baseURL ?? '', API_CATALOG_PATH);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/linkset+json');
      expect(response.headers.link).toBe(API_CATALOG_LINK);
      expect(response.headers['cache-control']).toBe(REVALIDATE);
      expectSecurityHeaders(response, 'the API catalog');

      const {linkset} = JSON.parse(response.body) as {linkset: Record<string, unknown>[]};
      expect(Array.isArray(linkset) && linkset.length > 0).toBe(true);
      const hrefs: string[] = [];
      for (const {anchor, ...relations} of linkset) {
        expect(typeof anchor === 'string' && URL.canParse(anchor), String(anchor)).toBe(true);
        for (const [relation, links] of Object.entries(relations)) {
          expect(Array.isArray(links), relation).toBe(true);
          for (const link of links as {href?: unknown}[]) {
            expect(typeof link.href, relation).toBe('string');
            hrefs.push(link.href as string);
          }
        }
      }
      const paths = hrefs.map((href) => new URL(href).pathname);
      for (const named of [
        '/openapi/gerai-merchant-api.yaml',
        '/openapi/gerai-food.yaml',
        '/openapi/petstore.yaml',
        '/openapi/gerai-merchant-api.postman_collection.json',
        '/llms.txt',
        '/docs/api/intro',
      ]) {
        expect(paths).toContain(named);
      }
      for (const path of paths) {
        expect((await rawGet(baseURL ?? '', path)).status, path).toBe(200);
      }

      const head = await rawRequest(baseURL ?? '', API_CATALOG_PATH, {method: 'HEAD'});
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toBe('application/linkset+json');
      expect(head.headers.link).toBe(API_CATALOG_LINK);
      expect(head.body).toBe('');
    });

    test('the home page links to the API catalog; other pages do not', async ({baseURL}) => {
      expect((await rawGet(baseURL ?? '', '/')).headers.link).toBe(API_CATALOG_LINK);
      expect((await rawGet(baseURL ?? '', '/docs/docs/intro')).headers.link).toBeUndefined();
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
      for (const file of [
        '/.nginx/csp.conf',
        '/.nginx/host-config.json',
        '/.nginx/routes.conf',
        '/.nginx/map-sizes.conf',
      ]) {
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
