// @ts-check
// Checks of the built site: every hand-written page says enough, and the
// downloadable descriptions are there. Run after `npm run build`.
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import {load} from 'cheerio';

import {loadMain} from '../support/built-html.mjs';
import {handWrittenPages} from '../support/content.mjs';
import {loadFacts, root} from '../support/openapi.mjs';
import {loadSearchWorkerModule} from '../support/search-worker.mjs';

const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');

/** The built HTML file of a hand-written doc, from its source path. */
function builtFile(source) {
  const route = source.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
  return path.join(build, route, 'index.html');
}

/** Words a reader sees in the article, code blocks and diagrams left out. */
function proseWords(html) {
  const $ = loadMain(html);
  const article = $('article').first();
  article.find('pre, [data-diagram], nav, footer').remove();
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
    'gerai-oauth.yaml',
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
  /** The pages of the index: its lead holds one document per page, the page's title. */
  function indexedPages() {
    const [titles] = JSON.parse(readFileSync(path.join(build, 'search-index.json'), 'utf8'));
    return titles.documents;
  }

  test('its lead names every shard, tail and chunk of the build, and the build holds no other index file', () => {
    const [{index}] = JSON.parse(readFileSync(path.join(build, 'search-index.json'), 'utf8'));
    assert.equal(index.version, 3);
    const named = [
      'search-index.json',
      ...index.shards.map((_, k) => `search-index-t${k}.json`),
      ...index.tails.map((_, k) => `search-index-r${k}.json`),
      ...index.chunks.map((_, k) => `search-index-d${k}.json`),
    ].sort();
    const built = readdirSync(build)
      .filter((name) => /^search-index.*\.json$/.test(name))
      .sort();
    assert.deepEqual(built, named);
    assert.ok(index.shards.length > 1 && index.chunks.length > 1);
  });

  test("reads the portal's own words whole in the box: no word has a tail, and no three letters begin more words than the box reads", () => {
    const [{index}] = JSON.parse(readFileSync(path.join(build, 'search-index.json'), 'utf8'));
    const {PREFIX_WORDS} = loadSearchWorkerModule({
      origin: 'https://developer.gerai.example',
      searchIndexUrl: 'search-index{dir}.json',
      folder: build,
    });
    assert.equal(index.long, '');
    assert.deepEqual(index.tails, []);
    const begun = new Map();
    for (const term of index.terms.split('\n')) {
      if (term.length >= 3) begun.set(term.slice(0, 3), (begun.get(term.slice(0, 3)) ?? 0) + 1);
    }
    const [letters, count] = [...begun].sort((a, b) => b[1] - a[1])[0];
    assert.ok(count <= PREFIX_WORDS, `"${letters}" begins ${count} words, more than PREFIX_WORDS (${PREFIX_WORDS})`);
  });

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

describe('pages generated from their sources', () => {
  const read = (route) => load(readFileSync(path.join(build, route, 'index.html'), 'utf8'));

  test('the objects glossary shows every schema of the description, with its fields', () => {
    const $ = read('docs/api/objects-glossary');
    const facts = loadFacts();
    // Each heading read once (a query per schema would read the whole page again for each).
    const headings = new Map(
      $('article h3[id]')
        .toArray()
        .map((h3) => /** @type {const} */ ([$(h3).attr('id'), $(h3).text().replace(/\u200b/g, '').trim()])),
    );
    const missing = [...facts.schemas].filter((name) => headings.get(name.toLowerCase()) !== name);
    assert.deepEqual(missing, []);
    assert.ok($('article table').length >= facts.schemas.size - 5, `${$('article table').length} tables`);
  });

  describe('the worked webhook signature', () => {
    const vectors = JSON.parse(readFileSync(path.join(root, 'samples/webhooks/test-vectors.json'), 'utf8'));
    const valid = vectors.cases.find((vector) => vector.name === 'valid');

    test('the guide shows the exact raw body, header and secret of the test vectors', () => {
      const $ = read('docs/api/webhooks/receiving-notifications');
      // Prism draws each line of a code block as an element of its own, without the line break.
      const blocks = $('article pre')
        .map((_, pre) => $(pre).find('.token-line').map((__, line) => $(line).text()).get().join('\n'))
        .get();
      assert.ok(
        blocks.some((text) => text.endsWith(`\n\n${vectors.body}`) && text.includes(`X-Gerai-Signature: ${valid.header}`)),
        'no code block ends with the raw body after the signature header',
      );
      const text = $('article').text();
      assert.ok(text.includes(vectors.secret));
      assert.ok(text.includes(valid.header.split('v1=')[1]));
    });

    test('the downloads hold exactly the signed bytes and the vectors', () => {
      const $ = read('docs/api/webhooks/receiving-notifications');
      const links = $('article a[download]').map((_, a) => $(a).attr('href')).get();
      assert.deepEqual(links.sort(), ['/webhooks/signature-test-vectors.json', '/webhooks/signed-delivery-body.json']);
      assert.deepEqual(
        readFileSync(path.join(build, 'webhooks/signed-delivery-body.json')),
        Buffer.from(vectors.body, 'utf8'),
      );
      assert.deepEqual(
        JSON.parse(readFileSync(path.join(build, 'webhooks/signature-test-vectors.json'), 'utf8')),
        vectors,
      );
    });
  });
});
