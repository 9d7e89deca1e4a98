// @ts-check
// The conversion of a built page into its Markdown version (src/plugins/page-markdown).
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {pageToMarkdown} = jiti('./src/plugins/page-markdown/convert.ts');
const {markdownPath} = jiti('./src/config/page-markdown.ts');

const siteUrl = 'https://developer.gerai.example';

function page(content, head = '') {
  return `<!doctype html><html><head><title>Order states | Gerai Developer Portal</title>
<meta name="description" content="The life cycle of an order.">
<link rel="canonical" href="${siteUrl}/docs/docs/order-state">${head}</head>
<body><nav class="navbar"><a href="/">Home</a></nav><div id="__docusaurus_skipToContent_fallback"><main><article>
<nav class="theme-doc-breadcrumbs"><a href="/">Home</a></nav>
<div class="theme-doc-markdown markdown"><header><h1>Order states</h1></header>${content}</div>
<footer class="theme-doc-footer">Edit this page</footer></article></main></div>
<footer class="footer">Copyright</footer><script src="/assets/js/main.js"></script></body></html>`;
}

const convert = (html, diagrams) =>
  pageToMarkdown(html, {siteUrl, route: '/docs/docs/order-state', diagrams});

describe("the address of a page's Markdown", () => {
  test('is the route with .md added; a final slash is dropped; the home page is /index.md', () => {
    assert.equal(markdownPath('/docs/docs/intro'), '/docs/docs/intro.md');
    assert.equal(markdownPath('/docs/api/webhooks/'), '/docs/api/webhooks.md');
    assert.equal(markdownPath('/'), '/index.md');
  });
});

describe('a page in Markdown', () => {
  test('starts with front matter (title, description, canonical address) and the title', async () => {
    const {markdown, title, url} = await convert(page('<p>Orders move <strong>forward</strong>.</p>'));
    assert.equal(title, 'Order states');
    assert.equal(url, `${siteUrl}/docs/docs/order-state`);
    assert.equal(
      markdown,
      '---\ntitle: "Order states"\ndescription: "The life cycle of an order."\n' +
        `canonical_url: "${siteUrl}/docs/docs/order-state"\n---\n\n# Order states\n\nOrders move **forward**.\n`,
    );
  });

  test('leaves out navigation, buttons, heading anchors and scripts, and makes links absolute', async () => {
    const {markdown} = await convert(
      page(`<h2 id="a">Accept<a href="#a" class="hash-link">\u200b</a></h2><button>Copy</button>
<p>See <a href="/docs/docs/intro">the introduction</a>.</p>`),
    );
    assert.match(markdown, /^## Accept$/m);
    assert.match(
      markdown,
      /See \[the introduction\]\(https:\/\/developer\.gerai\.example\/docs\/docs\/intro\)\./,
    );
    assert.doesNotMatch(markdown, /Home|Copy|Edit this page|Copyright|\u200b|main\.js/);
  });

  test('writes a code block line by line with its language and title', async () => {
    const {markdown} = await convert(
      page(`<div class="language-bash theme-code-block"><div class="codeBlockTitle_x">get-token.sh</div>
<div><pre class="prism-code language-bash"><code><div class="token-line"><span>curl -X POST \\</span><br></div><div class="token-line"><span>  "$URL"</span><br></div></code></pre><button>Copy</button></div></div>`),
    );
    assert.match(markdown, /`get-token\.sh`\n\n```bash\ncurl -X POST \\\n {2}"\$URL"\n```/);
  });

  test('writes every tab under its label, admonitions as quotes, diagrams from their source', async () => {
    const {markdown} = await convert(
      page(`<div class="tabs-container"><ul role="tablist"><li role="tab">Node.js</li><li role="tab">Python</li></ul>
<div><div role="tabpanel"><p>First.</p></div><div role="tabpanel" hidden><p>Second.</p></div></div></div>
<div class="theme-admonition alert"><div class="admonitionHeading"><span><svg></svg></span>warning</div><div class="admonitionContent"><p>Careful.</p></div></div>
<div data-diagram><span>Diagram</span></div>`),
      ['stateDiagram-v2\n  A --> B\n'],
    );
    assert.match(markdown, /\*\*Node\.js\*\*\n\nFirst\.\n\n\*\*Python\*\*\n\nSecond\./);
    assert.match(markdown, /> \*\*Warning:\*\*\n>\n> Careful\./);
    assert.match(markdown, /```mermaid\nstateDiagram-v2\n {2}A --> B\n```/);
  });

  test("turns a reference page's field list into a table whose rows name nested fields by their path", async () => {
    const {markdown} = await convert(
      page(`<p class="api-endpoint"><span class="badge">POST</span> <code>/orders/{order_id}</code></p>
<div class="api-fields"><ul>
<li><p><code>order_id</code> <span class="api-field__type">string</span> <span class="api-field__required">required</span></p><p>The order.</p></li>
<li><p><code>items</code> <span class="api-field__type">array of object</span></p><p>What was ordered.</p><p>Each item:</p>
<ul><li><p><code>price</code> <span class="api-field__type">integer</span> read-only</p><p>In rupiah.</p></li></ul></li>
</ul></div>`),
    );
    assert.match(markdown, /^\*\*POST\*\* `\/orders\/\{order_id\}`$/m);
    assert.match(
      markdown,
      /\| Name \| Type \| Required \| Description \|\n\| - \| - \| - \| - \|\n\| `order_id` \| string \| yes \| The order\. \|\n\| `items` \| array of object \| no \| What was ordered\. Each item: \|\n\| `items\[\]\.price` \| integer \(read-only\) \| no \| In rupiah\. \|/,
    );
  });

  test('a category page lists its cards as links with their descriptions', async () => {
    const html = `<html><head><title>How-to | Gerai Developer Portal</title><meta name="description" content="Task guides.">
</head><body><div id="__docusaurus_skipToContent_fallback"><main><header><h1>How-to</h1><p>Task guides.</p></header>
<section class="row"><article><a class="card" href="/docs/docs/sync-menu"><h2><span class="theme-doc-card-icon">📄️</span><span class="theme-doc-card-title">Sync the menu</span></h2>
<p class="theme-doc-card-description">Replace a menu.</p></a></article></section></main></div></body></html>`;
    const {markdown} = await pageToMarkdown(html, {siteUrl, route: '/docs/category/how-to'});
    assert.match(markdown, /canonical_url: "https:\/\/developer\.gerai\.example\/docs\/category\/how-to"/);
    assert.match(
      markdown,
      /^- \[Sync the menu\]\(https:\/\/developer\.gerai\.example\/docs\/docs\/sync-menu\): Replace a menu\.$/m,
    );
  });

  test('a page without main content is refused with its route', async () => {
    await assert.rejects(convert('<html><body><p>x</p></body></html>'), /\/docs\/docs\/order-state/);
  });
});

describe('the Markdown of a whole build, written in worker threads', () => {
  const {convertPages, threadCount} = jiti('./src/plugins/page-markdown/workers.ts');

  /** A build folder holding `pages` (route: HTML). */
  function fakeBuild(pages) {
    const outDir = mkdtempSync(path.join(tmpdir(), 'gerai-page-markdown-test-'));
    for (const [route, html] of Object.entries(pages)) {
      mkdirSync(path.join(outDir, route), {recursive: true});
      writeFileSync(path.join(outDir, route, 'index.html'), html);
    }
    return outDir;
  }

  test('writes each page beside its HTML and answers with its title and description', async () => {
    const routes = Array.from({length: 7}, (_, n) => `/docs/docs/page-${n}`);
    const outDir = fakeBuild(
      Object.fromEntries(routes.map((route, n) => [route, page(`<p>Page number ${n}.</p>`)])),
    );
    try {
      const summaries = await convertPages(
        routes.map((route) => ({route, diagrams: []})),
        {outDir, siteUrl},
        3,
      );
      assert.deepEqual([...summaries.keys()].sort(), [...routes].sort());
      assert.deepEqual(summaries.get(routes[4]), {
        title: 'Order states',
        description: 'The life cycle of an order.',
      });
      for (const [n, route] of routes.entries()) {
        assert.match(
          readFileSync(path.join(outDir, markdownPath(route)), 'utf8'),
          new RegExp(`Page number ${n}\\.`),
        );
      }
    } finally {
      rmSync(outDir, {recursive: true, force: true});
    }
  });

  test('a page that cannot be converted stops the run, naming its route', async () => {
    const outDir = fakeBuild({
      '/docs/docs/good': page('<p>Fine.</p>'),
      '/docs/docs/empty': '<!doctype html><html><head><title>Empty</title></head><body></body></html>',
    });
    try {
      await assert.rejects(
        convertPages(
          ['/docs/docs/good', '/docs/docs/empty'].map((route) => ({route, diagrams: []})),
          {outDir, siteUrl},
          2,
        ),
        /could not write the Markdown of \/docs\/docs\/empty: .*no main content/,
      );
    } finally {
      rmSync(outDir, {recursive: true, force: true});
    }
  });

  test('uses one thread per core, and fewer for a small site', () => {
    assert.equal(threadCount(900, 2), 2);
    assert.equal(threadCount(900, 8), 8);
    assert.equal(threadCount(10, 8), 1);
    assert.equal(threadCount(0, 2), 1);
  });
});
