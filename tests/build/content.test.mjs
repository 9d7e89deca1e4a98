// Checks of the built site: every hand-written page says enough, and the
// downloadable descriptions are there. Run after `npm run build`.
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import {load} from 'cheerio';

import {handWrittenPages} from '../support/content.mjs';
import {root} from '../support/openapi.mjs';

const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');

/** The built HTML file of a hand-written doc, from its source path. */
function builtFile(source) {
  const route = source.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
  return path.join(build, route, 'index.html');
}

/** Words a reader sees in the article, code blocks and diagrams left out. */
function proseWords(html) {
  const $ = load(html);
  const article = $('article').first();
  article.find('pre, .docusaurus-mermaid-container, nav, footer').remove();
  return article.text().split(/\s+/).filter((word) => /[A-Za-z]/.test(word)).length;
}

describe('every hand-written page says enough', () => {
  const pages = handWrittenPages(['docs', 'api']);
  test('the pages were found', () => assert.ok(pages.length >= 36, `${pages.length} pages`));

  for (const page of pages) {
    const isIndex = /(^|\/)(index|intro|introduction)\.mdx?$/.test(page.file) && !page.file.startsWith('docs/docs/');
    const minimum = isIndex ? 150 : 300;
    test(`${page.file} has at least ${minimum} words of prose`, () => {
      const file = builtFile(page.file);
      assert.ok(existsSync(file), `${file} was not built`);
      const words = proseWords(readFileSync(file, 'utf8'));
      assert.ok(words >= minimum, `${words} words`);
    });
  }
});

describe('downloads', () => {
  for (const name of [
    'gerai-merchant-api.yaml',
    'gerai-outlets.yaml',
    'gerai-food.yaml',
    'gerai-payment.yaml',
    'gerai-pos.yaml',
    'gerai-notification-subscriptions.yaml',
    'gerai-troubleshooting.yaml',
    'gerai-webhooks.yaml',
    'petstore.yaml',
  ]) {
    test(`/openapi/${name} is served, bundled into one self-contained file`, () => {
      const file = path.join(build, 'openapi', name);
      assert.ok(existsSync(file), `${file} is missing`);
      const text = readFileSync(file, 'utf8');
      assert.match(text, /^openapi: 3\.\d\.\d/m);
      assert.doesNotMatch(text, /\$ref: '?\.\/common\.yaml/, 'external references remain');
    });
  }
});

describe('search index', () => {
  /** The pages of the local search's index: its first part holds one document per page, with the page title. */
  function indexedPages() {
    const [titles] = JSON.parse(readFileSync(path.join(build, 'search-index.json'), 'utf8'));
    return titles.documents;
  }

  test('holds the guides, the reference, the landing pages and the blog', () => {
    const urls = new Set(indexedPages().map((page) => page.u));
    for (const url of [
      '/docs/docs/authentication',
      '/docs/api/food-integration/reject-order',
      '/payment/',
      '/blog/welcome',
    ]) {
      assert.ok(urls.has(url), `${url} is not in the index`);
    }
  });

  test('every page it can return has a title to show as the result', () => {
    const untitled = indexedPages().filter((page) => !page.t?.trim());
    assert.deepEqual(
      untitled.map((page) => page.u),
      [],
      'pages that would be listed as results without a name',
    );
  });
});
