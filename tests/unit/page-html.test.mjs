// @ts-check
// The generated reference pages as `gen-api` writes them (src/api-reference/page/html.ts):
// an earlier release's body after the release switcher becomes one string of HTML; a current page's
// body becomes blocks of HTML between the headings, code blocks and components that stay MDX.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {releaseOperationPage} = jiti('./src/api-reference/page/release-pages.ts');
const {currentOperationPage} = jiti('./src/api-reference/page/current-pages.ts');
const {PRODUCT_NAME} = jiti('./src/constants.ts');

const PAGE = `---
id: get-all-outlets
title: "Get all outlets"
api: eJzLSM3JyVcozy/KSQEAGgQEXQ==
sidebar_class_name: "get api-method"
---

import ApiEndpoint from "@site/src/components/ApiEndpoint";

import ApiReleaseSwitcher from "@site/src/components/ApiReleaseSwitcher";

# Get all outlets

<ApiEndpoint method={"get"} path={"/integrations/partner/v1/linked-outlets"} />

<ApiReleaseSwitcher shown={"2026-11-22"} links={[]} />

Added in [release 2026-11-22](/changelog/release-2026-11-22).

Lists the outlets linked to @@PRODUCT@@, with \\{braces\\} and &lt;angles&gt;. See [the guide](/docs/docs/getting-started) and [RFC 6749](https://www.rfc-editor.org/rfc/rfc6749).

## Request

### Query parameters

<div className="api-fields">

- \`page\` <span className="api-field__type">integer (int32)</span>

  The page to return.

</div>

### Example request

\`\`\`http
GET /integrations/partner/v1/linked-outlets?page=1 HTTP/1.1
\`\`\`

## Request
`;

describe("an earlier release's operation page", () => {
  const {page: written, blocks: beside} = releaseOperationPage(
    PAGE,
    'api-releases/2026-11-22/get-all-outlets.api.mdx',
  );
  const [head, body] = written.split('<GeneratedHtml html=');
  const html = JSON.parse(
    body
      .trim()
      .replace(/^\{/, '')
      .replace(/\} \/>$/, ''),
  );

  test('loses the encoded operation that the request panel reads, and keeps the rest of its front matter', () => {
    assert.doesNotMatch(head, /^api: /m);
    assert.match(head, /^sidebar_class_name: "get api-method"$/m);
  });

  test('keeps its head as MDX, up to the release switcher, and imports the body component', () => {
    assert.deepEqual(beside, []);
    assert.match(head, /^# Get all outlets$/m);
    assert.match(head, /^<ApiEndpoint method=\{"get"\}/m);
    assert.match(head, /^<ApiReleaseSwitcher shown=/m);
    assert.match(head, /^import GeneratedHtml from "@site\/src\/components\/GeneratedHtml";$/m);
  });

  test('has its body as HTML: the field lists, links, code a keyboard can scroll, headings with the ids Docusaurus gives', () => {
    assert.match(
      html,
      /<p>Added in <a href="\/changelog\/release-2026-11-22">release 2026-11-22<\/a>\.<\/p>/,
    );
    assert.match(html, /<div class="api-fields">/);
    assert.match(html, /<span class="api-field__type">integer \(int32\)<\/span>/);
    assert.match(html, /<h2 id="request">Request<\/h2>/);
    assert.match(html, /<h3 id="query-parameters">Query parameters<\/h3>/);
    // A repeated heading is numbered, as Docusaurus numbers it.
    assert.match(html, /<h2 id="request-1">Request<\/h2>/);
    assert.match(html, /<pre tabindex="0"><code class="language-http">GET \/integrations/);
  });

  test("has the host tokens replaced, and the page writer's escapes read as text", () => {
    assert.match(html, new RegExp(`linked to ${PRODUCT_NAME}, with \\{braces\\} and &lt;angles&gt;`));
    assert.doesNotMatch(html, /@@PRODUCT@@/);
  });

  test('opens a link leaving the site in a new tab, as the theme opens it, and keeps a link of the site as written', () => {
    assert.match(html, /<a href="\/docs\/docs\/getting-started">the guide<\/a>/);
    assert.match(
      html,
      /<a href="https:\/\/www\.rfc-editor\.org\/rfc\/rfc6749" target="_blank" rel="noopener noreferrer">RFC 6749<\/a>/,
    );
  });

  test("refuses a link to a Markdown file, which only the MDX compiler makes a page's route", () => {
    assert.throws(
      () =>
        releaseOperationPage(
          PAGE.replace('(/docs/docs/getting-started)', '(../guide.mdx#top)'),
          'the-page.api.mdx',
        ),
      /the-page\.api\.mdx: a link to a Markdown file \(\.\.\/guide\.mdx#top\)/,
    );
  });

  test('refuses an element the body cannot hold, naming the page', () => {
    assert.throws(
      () =>
        releaseOperationPage(
          PAGE.replace('## Request\n', '<TestDelivery eventId="x" />\n'),
          'the-page.api.mdx',
        ),
      /the-page\.api\.mdx: an element the page's body cannot hold as HTML: <TestDelivery>/,
    );
  });
});

describe('a current operation page', () => {
  const page = PAGE.replace(/^api: .*\n/m, 'api: eJzLSM3JyVcozy/KSQEAGgQEXQ==\n')
    .replace('shown={"2026-11-22"}', 'shown={"current"}')
    .replace(
      '## Request\n\n### Query',
      'import TestDelivery from "@site/src/components/TestDelivery";\n\n<TestDelivery eventId="food.order.placed" />\n\n## Request\n\n### Query',
    );
  const {page: written} = currentOperationPage(page, 'docs/api/outlet-information/get-all-outlets.api.mdx');
  const [head] = written.split(/^<GeneratedHtml /m);
  const blocks = [...written.matchAll(/^<GeneratedHtml html=(\{.*\}) \/>$/gm)].map(([, value]) =>
    JSON.parse(value.slice(1, -1)),
  );

  test('keeps its head and front matter as the page writer wrote them, the encoded operation included', () => {
    assert.match(head, /^api: eJz/m);
    assert.match(head, /^<ApiReleaseSwitcher shown=\{"current"\}/m);
    assert.match(head, /^import GeneratedHtml from "@site\/src\/components\/GeneratedHtml";$/m);
  });

  test('keeps as MDX what a component of the site draws: headings, code blocks, components', () => {
    assert.match(written, /^## Request$/m);
    assert.match(written, /^### Query parameters$/m);
    assert.match(
      written,
      /^```http\nGET \/integrations\/partner\/v1\/linked-outlets\?page=1 HTTP\/1\.1\n```$/m,
    );
    assert.match(written, /^<TestDelivery eventId="food\.order\.placed" \/>$/m);
    assert.doesNotMatch(written, /^- `page`/m);
  });

  test('has each run of Markdown between them as one block of HTML, in order', () => {
    assert.equal(blocks.length, 2);
    assert.match(
      blocks[0],
      /^<p>Added in <a href="\/changelog\/release-2026-11-22">release 2026-11-22<\/a>\.<\/p>\n<p>Lists the outlets linked to /,
    );
    assert.match(blocks[0], new RegExp(`linked to ${PRODUCT_NAME}, with \\{braces\\} and &lt;angles&gt;`));
    assert.match(
      blocks[1],
      /^<div class="api-fields">\n<ul>\n<li>\n<p><code>page<\/code> <span class="api-field__type">integer \(int32\)<\/span><\/p>/,
    );
    assert.ok(written.indexOf('### Query parameters') < written.indexOf('<div class=\\"api-fields'));
    assert.ok(written.indexOf('<div class=\\"api-fields') < written.indexOf('### Example request'));
  });
});

describe('a current body cut into blocks', () => {
  const {bodyBlocks} = jiti('./src/api-reference/page/html.ts');
  const blocks = (markdown) =>
    bodyBlocks(markdown, 'x.api.mdx')
      .body.split('\n\n')
      .map((block) => (block.startsWith('<GeneratedHtml html=') ? 'html' : block));

  test('keeps a heading or code block nested in a field as part of its run', () => {
    const markdown = [
      '<div className="api-fields">',
      '',
      '- `items` <span className="api-field__type">array</span>',
      '',
      '  ## Not a heading of the page',
      '',
      '  ```json',
      '  []',
      '  ```',
      '',
      '</div>',
      '',
      '## Responses',
      '',
      '~~~json',
      '{"a": "```"}',
      '~~~',
    ].join('\n');
    assert.deepEqual(blocks(markdown), ['html', '## Responses', '~~~json\n{"a": "```"}\n~~~']);
  });

  test('gives the same run met again the same HTML', () => {
    const run = 'The **same** answer on every page.';
    const [first, second] = bodyBlocks(`${run}\n\n## A\n\n${run}`, 'x.api.mdx').body.split('\n\n## A\n\n');
    assert.equal(first, second);
    assert.match(first, /<strong>same<\/strong>/);
  });

  test('writes a block longer than the MDX compiler reads quickly into the file beside the page, which the page imports', () => {
    const {MAX_HTML_RUN} = jiti('./src/api-reference/page/html.ts');
    const field = (index) => `- \`field_${index}\` <span className="api-field__type">string</span>`;
    const long = Array.from({length: Math.ceil(MAX_HTML_RUN / 40)}, (_, index) => field(index)).join('\n');
    const converted = bodyBlocks(`${long}\n\n## A\n\n${field(0)}`, 'api/list-events.api.mdx');
    const [first, , last] = converted.body.split('\n\n');
    assert.equal(first, '<GeneratedHtml html={generatedBlocks[0]} />');
    assert.match(last, /^<GeneratedHtml html=\{"<ul>/);
    assert.equal(converted.import, 'import generatedBlocks from "./list-events.api.html.json";');
    assert.equal(converted.blocks.length, 1);
    assert.ok(converted.blocks[0].length > MAX_HTML_RUN);
    assert.match(
      converted.blocks[0],
      /^<ul>\n<li><code>field_0<\/code> <span class="api-field__type">string<\/span><\/li>/,
    );
  });

  test('imports nothing when every block fits in the page', () => {
    assert.deepEqual(bodyBlocks('Short.', 'x.api.mdx').import, '');
  });

  test("reads the page writer's Markdown as MDX does: an indented line is text, a bare address a link", () => {
    const [html] = bodyBlocks('A field.\n\n    indented, not code\n\nSee https://example.com/a.', 'x.api.mdx')
      .body.split('\n\n')
      .map((block) => JSON.parse(block.slice('<GeneratedHtml html={'.length, -' />'.length - 1)));
    assert.doesNotMatch(html, /<pre/);
    assert.match(html, /<p>indented, not code<\/p>/);
    assert.match(html, /<a href="https:\/\/example\.com\/a" target="_blank" rel="noopener noreferrer">/);
  });

  test('refuses an attribute of an element other than its class', () => {
    assert.throws(
      () => bodyBlocks('<span className="a" onClick="x">b</span>', 'x.api.mdx'),
      /an attribute the page's body cannot hold as HTML, on <span>/,
    );
    // An id is the anchor of a listing of fields (src/api-reference/page/schema.ts): a span's only.
    assert.throws(
      () => bodyBlocks('<div className="a" id="fields-1">b</div>', 'x.api.mdx'),
      /an attribute the page's body cannot hold as HTML, on <div>/,
    );
    assert.match(
      bodyBlocks('- <span className="api-field__anchor" id="fields-1"></span>`a` b', 'x.api.mdx').body,
      /<li><span class=\\"api-field__anchor\\" id=\\"fields-1\\"><\/span><code>a<\/code> b<\/li>/,
    );
  });

  test('stops, saying why, at a code block never closed', () => {
    assert.throws(
      () => bodyBlocks('## A\n\n```json\n{}\n', 'x.api.mdx'),
      /a code block opened with ``` and never closed/,
    );
  });
});
