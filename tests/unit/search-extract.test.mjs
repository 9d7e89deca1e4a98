// @ts-check
// What the search reads of a built page (src/plugins/search/build/extract.ts): a docs
// page's title, breadcrumbs and sections, a blog post's sections, a landing page's text.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {extractPage} = jiti('./src/plugins/search/build/extract.ts');
const {searchIndexFiles} = await import('../support/search-worker.mjs');

const DOCS_PAGE = `<!doctype html><html lang="en"><head><title>Order states | Gerai Developer Portal</title>
<meta name="description" content="The states of an order."><meta name="keywords" content="orders,states"></head>
<body><nav class="navbar"><a class="navbar__link navbar__link--active" href="/docs/docs/intro">Documentation</a></nav>
<div class="main-wrapper"><aside><nav class="menu"><ul><li><div class="menu__list-item-collapsible">
<a class="menu__link menu__link--active" href="/docs/category/food">Food integration</a></div></li></ul></nav></aside>
<main><article><header><h1>Order states</h1></header>
<p>Every order moves through <code>ACCEPTED</code>, then<br>ready.</p>
<h2 id="accepted">Accepted<a class="hash-link" href="#accepted" aria-hidden="true">#</a></h2>
<p>The outlet took the order.</p><ul><li>Within three minutes</li><li>Or auto accept</li></ul>
<h3 id="ready">Ready<a class="hash-link" href="#ready">#</a></h3><div><p>Food is ready.</p><script>var x = 1;</script></div>
</article></main></div></body></html>`;

describe('what the search reads of a page', () => {
  test('a docs page: title, breadcrumbs, description, keywords, and a section per heading', () => {
    assert.deepEqual(extractPage(DOCS_PAGE, 'docs'), {
      title: 'Order states',
      description: 'The states of an order.',
      keywords: 'orders, states',
      breadcrumb: ['Documentation', 'Food integration'],
      sections: [
        {title: 'Order states', hash: '', content: 'Every order moves through ACCEPTED, then ready.'},
        {
          title: 'Accepted',
          hash: '#accepted',
          content: 'The outlet took the order. Within three minutes Or auto accept',
        },
        {title: 'Ready', hash: '#ready', content: 'Food is ready.'},
      ],
    });
  });

  test('a landing page: its text as one section under its first heading', () => {
    const page = extractPage(
      DOCS_PAGE.replace('<article>', '<section>').replace('</article>', '</section>'),
      'page',
    );
    assert.equal(page.title, 'Order states');
    assert.equal(page.sections.length, 1);
    assert.match(
      page.sections[0].content,
      /^Order states Every order moves through ACCEPTED, then ready\. Accepted/,
    );
  });

  test('a page that asks not to be indexed is left out', () => {
    const hidden = DOCS_PAGE.replace('<head>', '<head><meta name="robots" content="noindex">');
    assert.equal(extractPage(hidden, 'docs'), undefined);
  });

  test('what a page says only without JavaScript (<noscript>) is not read', () => {
    const page = extractPage(
      DOCS_PAGE.replace(
        '<p>The outlet took the order.</p>',
        '<noscript><p class="notice">The request panel needs JavaScript.</p></noscript><p>The outlet took the order.</p>',
      ),
      'docs',
    );
    assert.equal(page.sections[1].content, 'The outlet took the order. Within three minutes Or auto accept');
  });

  test('character references are read as the characters they stand for', () => {
    const page = extractPage(
      DOCS_PAGE.replace('Food is ready.', 'Fish &amp; chips &#x2014; ready&nbsp;now.'),
      'docs',
    );
    assert.equal(page.sections[2].content, 'Fish & chips \u2014 ready now.');
  });
});

describe('the ids of the documents', () => {
  test('a document numbered outside its page stops the build, naming it', () => {
    assert.throws(
      () =>
        searchIndexFiles({
          titles: [
            {i: 1, t: 'Promotions', u: '/a'},
            {i: 2, t: 'Orders', u: '/b'},
          ],
          guides: [{i: 3, t: 'Create a promotion.', u: '/a', p: 1}],
        }),
      /document 3 belongs to page 1, but its id follows page 2/,
    );
  });
});
