// @ts-check
// The checks every built page gets without a browser (tests/support/page-checks.mjs): a page
// that passes them all, then each fault seeded once into it, and the finding that names it.
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';
import {checkReferences, inspectPage, scriptHash} from '../support/page-checks.mjs';

const {coveringSample, markupFeatures} = createJiti(root + '/')('./tests/support/page-kinds.ts');

const ORIGIN = 'https://developer.gerai.example';
const SCRIPT = 'document.documentElement.dataset.ready="true"';

/** A small page that passes every check; each fault below changes one thing of it. */
function page({
  lang = ' lang="en"',
  title = 'Order states | Gerai Developer Portal',
  head = '',
  main = '<h1>Order states</h1><h2>Accepted</h2><p>An order is accepted.</p>',
} = {}) {
  return `<!doctype html>
<html${lang}>
<head><meta charset="utf-8"><title>${title}</title><meta name="description" content="States of an order.">${head}</head>
<body>
<nav aria-label="Main"><a href="/docs/docs/intro">Introduction</a></nav>
<main>${main}</main>
<script>${SCRIPT}</script>
</body>
</html>`;
}

const site = {route: '/docs/docs/order-state', scriptHashes: new Set([scriptHash(SCRIPT)]), origin: ORIGIN};

async function problemsOf(html) {
  return (await inspectPage(html, site)).problems;
}

/**
 * Each fault, seeded into the page, and what the finding must say.
 *
 * @type {[fault: string, html: string, finding: RegExp][]}
 */
const FAULTS = [
  ['a title without the portal', page({title: 'Order states'}), /^title: /],
  ['no title', page({title: ''}), /^title: |empty-title|element-required-content/],
  ['two <h1>', page({main: '<h1>Order states</h1><h1>Again</h1>'}), /^headings: 2 <h1>/],
  ['no <h1>', page({main: '<h2>Accepted</h2>'}), /^headings: 0 <h1>/],
  ['a heading level skipped', page({main: '<h1>Order states</h1><h3>Accepted</h3>'}), /^heading-level: /],
  ['an empty heading', page({main: '<h1>Order states</h1><h2></h2>'}), /^empty-heading: /],
  [
    'an inline script the policy has no hash for',
    page({main: '<h1>Order states</h1><script>alert(1)</script>'}),
    /^Content-Security-Policy: an inline script is not allowed by a hash/,
  ],
  [
    'an inline event handler',
    page({main: '<h1>Order states</h1><button type="button" onclick="go()">Go</button>'}),
    /^Content-Security-Policy: <button onclick="…"> is an inline event handler/,
  ],
  [
    'a javascript: address',
    page({main: '<h1>Order states</h1><a href="javascript:go()">Go</a>'}),
    /^Content-Security-Policy: <a href="javascript:…"> runs script/,
  ],
  [
    'invalid HTML: a block inside a paragraph',
    page({main: '<h1>Order states</h1><p><ul><li>x</li></ul></p>'}),
    /^(element-permitted-content|close-order|no-implicit-close): /,
  ],
  [
    'invalid HTML: an attribute twice',
    page({main: '<h1 class="a" class="b">Order states</h1>'}),
    /^no-dup-attr: /,
  ],
  [
    'an image without a text alternative',
    page({main: '<h1>Order states</h1><img src="/img/logo.svg">'}),
    /^wcag\/h37: /,
  ],
  [
    'a button without a name',
    page({main: '<h1>Order states</h1><button type="button"></button>'}),
    /^text-content: /,
  ],
  [
    'a link without a name',
    page({main: '<h1>Order states</h1><a href="/docs/docs/intro"></a>'}),
    /^wcag\/h30: /,
  ],
  [
    'a form field without a label',
    page({main: '<h1>Order states</h1><input type="text" name="q">'}),
    /^input-missing-label: /,
  ],
  [
    'two elements with one id',
    page({main: '<h1 id="states">Order states</h1><h2 id="states">Accepted</h2>'}),
    /^no-dup-id: /,
  ],
  [
    'headers of rows and columns without a scope',
    page({
      main:
        '<h1>Order states</h1><table><tr><th>Product</th><th>Accepted</th></tr>' +
        '<tr><th>Food</th><td>Yes</td></tr></table>',
    }),
    /^wcag\/h63: /,
  ],
  [
    'two main landmarks',
    page({main: '<h1>Order states</h1></main><main><p>Again</p>'}),
    /^no-multiple-main: /,
  ],
  [
    'two navigation landmarks with no name to tell them apart',
    page({main: '<h1>Order states</h1><nav><a href="/">Home</a></nav><nav><a href="/food/">Food</a></nav>'}),
    /^unique-landmark: /,
  ],
  ['no language', page({lang: ''}), /^element-required-attributes: <html> is missing required "lang"/],
];

describe('a page that passes every check', () => {
  test('has no finding', async () => {
    assert.deepEqual(await problemsOf(page()), []);
  });
});

describe('each fault seeded into it is found', () => {
  for (const [fault, html, finding] of FAULTS) {
    test(fault, async () => {
      const problems = await problemsOf(html);
      assert.ok(
        problems.some((problem) => finding.test(problem)),
        `no finding matches ${finding}; found:\n- ${problems.join('\n- ')}`,
      );
    });
  }
});

describe('repeated markup, read as text on every page and whole on a sample', () => {
  const block = (line) =>
    `<h1>Order states</h1><pre tabindex="0" class="language-bash"><code>${line}</code></pre><p>After.</p>`;
  const faulty = page({
    main: block(
      '<div class="token-line"><span class="token" id="a">curl</span><span id="a">&amp;</span></div>',
    ),
  });

  test('read as text, a fault in the highlighting markup is not read, one beside the block is', async () => {
    const asText = (html) => inspectPage(html, site, {repeatedMarkup: false}).then(({problems}) => problems);
    assert.deepEqual(await asText(faulty), []);
    const beside = page({main: `${block('curl &amp;')}<img src="/img/logo.svg">`});
    assert.match((await asText(beside)).join('\n'), /wcag\/h37: /);
  });

  test('read whole, the same fault is found', async () => {
    assert.match((await problemsOf(faulty)).join('\n'), /no-dup-id: /);
  });

  test('the docs sidebar menu too: its markup is read on the sample, its text on every page', async () => {
    const menu = page({
      main: '<h1>Order states</h1>',
      head: '',
    }).replace(
      '<main>',
      '<nav aria-label="Docs sidebar" class="menu thin-scrollbar"><ul><li><a href="/docs/docs/intro"></a></li></ul></nav><main>',
    );
    assert.deepEqual((await inspectPage(menu, site, {repeatedMarkup: false})).problems, []);
    assert.match((await problemsOf(menu)).join('\n'), /wcag\/h30: /);
  });

  test('a sampled page of every class of code block markup is what every-page validates whole', () => {
    const html = (language) => page({main: block(`<span class="token ${language}">x</span>`)});
    const features = (route, language) => ({route, features: markupFeatures(html(language))});
    const sample = coveringSample([
      features('/a', 'keyword'),
      features('/b', 'keyword'),
      features('/c', 'string'),
    ]);
    assert.deepEqual(sample.map(({route}) => route).sort(), ['/a', '/c']);
  });
});

describe('addresses and fragments are followed to the build', () => {
  const buildDir = mkdtempSync(path.join(tmpdir(), 'gerai-page-checks-'));
  after(() => rmSync(buildDir, {recursive: true, force: true}));
  for (const [file, text] of [
    ['docs/docs/intro/index.html', '<h1 id="top">Intro</h1>'],
    ['openapi/gerai-merchant-api.yaml', 'openapi: 3.1.0'],
  ]) {
    mkdirSync(path.dirname(path.join(buildDir, file)), {recursive: true});
    writeFileSync(path.join(buildDir, file), text);
  }

  async function referenceProblems(main) {
    const inspected = await inspectPage(page({main: `<h1>Order states</h1>${main}`}), site);
    const intro = await inspectPage(page({main: '<h1 id="top">Intro</h1>'}), {
      ...site,
      route: '/docs/docs/intro',
    });
    const pages = new Map([
      [site.route, {file: path.join(buildDir, 'docs/docs/order-state/index.html'), ...inspected}],
      ['/docs/docs/intro', {file: path.join(buildDir, 'docs/docs/intro/index.html'), ...intro}],
    ]);
    return checkReferences(buildDir, pages).get(site.route) ?? [];
  }

  test('a link to a page, a download, an anchor of a page and an absolute address of the site pass', async () => {
    const problems = await referenceProblems(
      '<a href="/docs/docs/intro#top">Top</a><a href="/openapi/gerai-merchant-api.yaml">YAML</a>' +
        `<a href="${ORIGIN}/docs/docs/intro">Intro</a><a href="https://example.org/x">Elsewhere</a>` +
        '<a href="mailto:partners@gerai.example">Mail</a>',
    );
    assert.deepEqual(problems, []);
  });

  test('a link to a page the build lacks', async () => {
    const problems = await referenceProblems('<a href="/docs/docs/no-such-page">Gone</a>');
    assert.match(problems.join('\n'), /<a href> \/docs\/docs\/no-such-page: no file of the build answers/);
  });

  test('a link to an anchor the page lacks', async () => {
    const problems = await referenceProblems('<a href="/docs/docs/intro#no-such-anchor">Gone</a>');
    assert.match(problems.join('\n'), /has no element with the id "no-such-anchor"/);
  });

  test('an image the build lacks', async () => {
    const problems = await referenceProblems('<img src="/img/missing.png" alt="A missing picture">');
    assert.match(problems.join('\n'), /<img src> \/img\/missing\.png: no file of the build answers/);
  });
});
