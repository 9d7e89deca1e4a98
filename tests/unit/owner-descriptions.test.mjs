// @ts-check
// An owner's own description in the sample's place: each shape of tests/fixtures/owner-descriptions.mjs
// goes the way `npm run gen-api` takes it (the prepared copy of src/api-reference/prepare.ts,
// read by the OpenAPI plugin's own loader, each page written by src/api-reference/page/markdown.ts)
// and every operation and event has a page that compiles as MDX and says nothing of `undefined`.
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import {compile} from '@mdx-js/mdx';
import createJiti from 'jiti';
import {parse, stringify} from 'yaml';

import {
  credentialsAndBodies,
  expected,
  extensionWebhooks,
  webhooksOnly,
} from '../fixtures/owner-descriptions.mjs';
import {root} from '../support/openapi.mjs';
import {ownerPages} from '../support/owner-pages.mjs';

const jiti = createJiti(root + '/');
const {preparedSpec} = jiti('./src/api-reference/prepare.ts');
const {currentOperationPage} = jiti('./src/api-reference/page/current-pages.ts');
const {createApiPageMarkdown} = jiti('./src/api-reference/page/markdown.ts');
const {EVENT_NAME} = jiti('./src/api-reference/description.ts');

let folder;
before(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'gerai-owner-descriptions-'));
});
after(() => rmSync(folder, {recursive: true, force: true}));

/** The pages of a description, as `npm run gen-api` writes them: key → MDX. */
async function pagesOf(name, description) {
  const source = path.join(folder, `${name}.yaml`);
  writeFileSync(source, stringify(description));
  const {doc, operations, events} = await preparedSpec(source);
  const pages = new Map();
  for (const {item, mdx} of await ownerPages(doc, path.join(folder, `${name}.prepared.json`))) {
    const api = item.api;
    const key = api.method === 'event' ? api[EVENT_NAME] : `${api.method.toUpperCase()} ${api.path}`;
    pages.set(key, {title: item.title, mdx});
  }
  return {pages, operations, events};
}

for (const [name, description] of Object.entries({webhooksOnly, extensionWebhooks, credentialsAndBodies})) {
  describe(`a description of the shape "${name}"`, () => {
    let result;
    before(async () => {
      result = await pagesOf(name, description);
    });

    test('has a page for every operation and event, and no other', () => {
      assert.deepEqual([...result.pages.keys()].sort(), [...expected[name]].sort());
      assert.equal(result.operations + result.events, expected[name].length);
    });

    test('every page compiles as MDX, as written and as the build reads it, and shows no undefined value', async () => {
      for (const [key, {mdx}] of result.pages) {
        await assert.doesNotReject(compile(mdx), `the page of ${key} is not valid MDX`);
        assert.doesNotMatch(mdx, /\bundefined\b|\[object Object\]|\bNaN\b/, `the page of ${key}`);
        // Its body as blocks of HTML (src/api-reference/page/html.ts), its head as written.
        const {page: built, blocks} = currentOperationPage(mdx, `${name}/${key}.api.mdx`);
        for (const block of blocks) assert.doesNotMatch(block, /\bundefined\b|\[object Object\]/, key);
        assert.match(built, /<GeneratedHtml html=/, `the page of ${key} as the build reads it`);
        await assert.doesNotReject(
          compile(built),
          `the page of ${key} as the build reads it is not valid MDX`,
        );
      }
    });
  });
}

describe('the events of any description', () => {
  let webhooks;
  let extension;
  before(async () => {
    webhooks = await pagesOf('webhooks-events', webhooksOnly);
    extension = await pagesOf('extension-events', extensionWebhooks);
  });

  test('are named by their key, and titled by it when their summary is a paragraph', () => {
    const paid = webhooks.pages.get('payout.paid');
    assert.equal(paid.title, 'payout.paid');
    assert.match(paid.mdx, /<ApiEndpoint method=\{"event"\} path=\{"payout\.paid"\} \/>/);
    // The paragraph is not lost: it is the page's description.
    assert.match(
      paid.mdx,
      /It carries the amount, the currency and the reference of the payout[^\n]*\n\nRetry a delivery you could not take/,
    );
    assert.equal(webhooks.pages.get('payout.created').title, 'payout.created');
  });

  test('an event that refers to a path item of the components has that path item’s fields', () => {
    const failed = webhooks.pages.get('payout.failed').mdx;
    assert.match(failed, /^# Payout failed$/m);
    assert.match(failed, /`reason`/);
  });

  test('a test delivery is offered only for an event whose example has the delivery envelope', () => {
    assert.match(extension.pages.get('subscription.renewed').mdx, /<TestDelivery /);
    assert.doesNotMatch(extension.pages.get('subscription.cancelled').mdx, /TestDelivery/);
    for (const [key, {mdx}] of webhooks.pages) assert.doesNotMatch(mdx, /TestDelivery/, key);
  });
});

describe('the operations of any description', () => {
  let pages;
  before(async () => {
    ({pages} = await pagesOf('extension-operations', extensionWebhooks));
  });

  test('every response code is on its page, ranges and default among them', () => {
    const mdx = pages.get('POST /subscriptions').mdx;
    assert.match(mdx, /^### 201 Created\n\nCreated\.$/m);
    assert.match(mdx, /^### 4XX Any status in this class\n\nA problem with the request\.$/m);
    assert.match(mdx, /^### Any other status\n\nUnexpected error\.$/m);
  });

  test('every alternative of a schema is listed', () => {
    const mdx = pages.get('POST /subscriptions').mdx;
    assert.match(mdx, /`number`/);
    assert.match(mdx, /`wallet_id`/);
  });

  test('a callback shows its request and what its receiver answers, not its path item’s other fields', () => {
    const mdx = pages.get('POST /subscriptions').mdx;
    assert.match(mdx, /## Callbacks/);
    assert.match(mdx, /<ApiEndpoint method=\{"post"\} path=\{"\{\$request\.body#\/callback_url\}"\} \/>/);
    assert.match(mdx, /- `410`: Stop sending\./);
    assert.doesNotMatch(mdx, /method=\{"summary"\}/);
  });
});

describe('what an owner writes in a summary', () => {
  let pages;
  before(async () => {
    ({pages} = await pagesOf('summaries', credentialsAndBodies));
  });

  test('a summary of several lines of Markdown titles its page by method and path, and opens it', () => {
    const {title, mdx} = pages.get('POST /quotes');
    assert.equal(title, 'POST /quotes');
    assert.match(mdx, /^# POST \/quotes$/m);
    // Its quotes, braces, angle brackets and backslashes arrive as written, escaped for MDX.
    assert.match(
      mdx,
      /Creates a "quote" for the basket: prices, taxes and \\\{discounts\\\} for each &lt;line>\./,
    );
    assert.match(mdx, /C:\\exports\\quotes is taken as it is\./);
  });

  test('a paragraph whose first sentence is plain text is titled by that sentence', async () => {
    const described = structuredClone(credentialsAndBodies);
    described.paths['/files'].post.summary =
      'Upload a file. The file is kept for 30 days,\nthen removed unless an invoice refers to it.';
    const {pages: retitled} = await pagesOf('first-sentence', described);
    const {title, mdx} = retitled.get('POST /files');
    assert.equal(title, 'Upload a file');
    assert.match(mdx, /The file is kept for 30 days/);
  });

  test('a one-line summary that ends in a line break titles its page without it', async () => {
    const described = structuredClone(credentialsAndBodies);
    described.paths['/files'].post.summary = 'Upload a file\n';
    const {pages: titled} = await pagesOf('trailing-break', described);
    assert.equal(titled.get('POST /files').title, 'Upload a file');
  });

  test('a title with colons, quotes, braces and a backslash is front matter that YAML reads back', async () => {
    const described = structuredClone(credentialsAndBodies);
    described.paths['/files'].post.summary = 'Upload: a "file" to {folder} at C:\\in <now>';
    const {pages: titled} = await pagesOf('front-matter', described);
    const {title} = titled.get('POST /files');
    const frontMatter = `title: "${title}"`;
    assert.deepEqual(parse(frontMatter), {title: "Upload: a 'file' to {folder} at C:\\in <now>"});
  });
});

describe('a description that cannot be read', () => {
  test('stops with the place of the problem', async () => {
    // Broken where the fixture's type does not allow it: typed as loosely as a parsed description.
    /** @type {Record<string, any>} */
    const broken = structuredClone(extensionWebhooks);
    broken.paths['/subscriptions'].post.requestBody.content['application/json'].schema = {
      $ref: './missing.yaml',
    };
    const source = path.join(folder, 'broken.yaml');
    writeFileSync(source, stringify(broken));
    await assert.rejects(preparedSpec(source), (error) => {
      assert.ok(error instanceof Error);
      assert.match(
        error.message,
        /#\/paths\/~1subscriptions\/post\/requestBody\/content\/application~1json\/schema/,
      );
      return true;
    });
  });

  test('a page that cannot be written names the operation by its key and its JSON pointer', () => {
    assert.throws(
      () =>
        createApiPageMarkdown({
          title: 'Broken',
          api: {method: 'get', path: '/things/{id}', responses: {200: null}},
        }),
      /The page of the operation GET \/things\/\{id\} \(#\/paths\/~1things~1\{id\}\/get\) could not be written/,
    );
  });
});
