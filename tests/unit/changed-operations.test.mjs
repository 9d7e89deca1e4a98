// @ts-check
// Which pages of an owner's description a change touches (scripts/generate-api-docs/changed-operations.ts),
// so that the development server writes and lints those alone: each kind of change on the shapes of
// tests/fixtures/owner-descriptions.mjs, and the page written from a copy with one operation, which
// must be the page written from the whole description; for the merchant API's sections too, whose
// bundled copy must write the pages their own files do.
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import createJiti from 'jiti';
import {stringify} from 'yaml';

import {extensionWebhooks, webhooksOnly} from '../fixtures/owner-descriptions.mjs';
import {root} from '../support/openapi.mjs';
import {generatedPages, ownerPages} from '../support/owner-pages.mjs';

const jiti = createJiti(root + '/');
const {generatorSpec, preparedSpec} = jiti('./src/api-reference/prepare.ts');
const {TARGETS} = jiti('./src/api-reference/layout.ts');
const {createMerchantApiPageMarkdown} = jiti('./src/api-reference/page/markdown.ts');
const {changedOperations, descriptionPrints, onlyOperations} = jiti(
  './scripts/generate-api-docs/changed-operations.ts',
);

let folder;
before(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'gerai-changed-operations-'));
});
after(() => rmSync(folder, {recursive: true, force: true}));

let written = 0;
/** The prepared copy of a description (what the generator reads). */
async function prepared(description) {
  const file = path.join(folder, `description-${(written += 1)}.yaml`);
  writeFileSync(file, stringify(description));
  return (await preparedSpec(file)).doc;
}

/** What changed from `description` to `edit(copy of it)`. */
async function changes(description, edit) {
  const copy = structuredClone(description);
  edit(copy);
  return changedOperations(
    descriptionPrints(await prepared(description)),
    descriptionPrints(await prepared(copy)),
  );
}

const READ = '#/paths/~1subscriptions~1{id}/get';
const CREATE = '#/paths/~1subscriptions/post';

describe('the operations a change touches', () => {
  test('none, when nothing a page shows changed', async () => {
    assert.deepEqual(await changes(extensionWebhooks, () => {}), []);
  });

  test("an operation's summary, deprecation or description: its page alone", async () => {
    assert.deepEqual(
      await changes(extensionWebhooks, (doc) => {
        doc.paths['/subscriptions/{id}'].get.summary = 'Read one subscription';
      }),
      [READ],
    );
    assert.deepEqual(
      await changes(extensionWebhooks, (doc) => {
        doc.paths['/subscriptions/{id}'].get.deprecated = true;
      }),
      [READ],
    );
    assert.deepEqual(
      await changes(extensionWebhooks, (doc) => {
        doc.paths['/subscriptions/{id}'].get.description = 'Now described.';
      }),
      [READ],
    );
  });

  test('a component: the page of every operation that reaches it, through other components too', async () => {
    assert.deepEqual(
      await changes(extensionWebhooks, (doc) => {
        doc.components.schemas.Card.properties.number.description = 'The card number.';
      }),
      [CREATE],
    );
  });

  test("a path item's own parameters: the pages of its operations", async () => {
    const found = await changes(extensionWebhooks, (doc) => {
      doc.paths['/subscriptions/{id}'].parameters[0].description = 'The subscription’s id.';
    });
    assert.deepEqual(found.sort(), [READ, '#/paths/~1subscriptions~1{id}/delete'].sort());
  });

  test('an event, named by its pointer in the description as published', async () => {
    const found = await changes(webhooksOnly, (doc) => {
      const [name] = Object.keys(doc.webhooks);
      doc.webhooks[name].post.description = 'Changed.';
    });
    assert.equal(found.length, 1);
    assert.match(found[0], /^#\/webhooks\//);
  });

  test('every page, when what all pages share or what the sidebar is made from changed', async () => {
    for (const edit of [
      (doc) => (doc.info.title = 'Another API'),
      (doc) => (doc.servers = [{url: 'https://elsewhere.example.test'}]),
      (doc) => (doc.paths['/subscriptions/{id}'].get.tags = ['Other']),
      (doc) => (doc.paths['/subscriptions/{id}'].get.operationId = 'fetchSubscription'),
      (doc) => delete doc.paths['/subscriptions/{id}'].delete,
      (doc) =>
        (doc.paths['/subscriptions/extra'] = {get: {summary: 'More', responses: {200: {description: 'OK'}}}}),
    ]) {
      assert.equal(await changes(extensionWebhooks, edit), undefined, String(edit));
    }
  });
});

/** The pages of generatedPages or ownerPages, by their ids. */
const byId = (pages) => new Map(pages.map(({item, mdx}) => [item.id, mdx]));

/** The page of each operation and event of a prepared description, by its id. */
async function pagesOf(doc, write = undefined) {
  return byId(await ownerPages(doc, path.join(folder, `prepared-${(written += 1)}.json`), write));
}

describe('a copy with some of the operations', () => {
  for (const [name, description] of Object.entries({webhooksOnly, extensionWebhooks})) {
    test(`writes each page as the whole description does (${name})`, async () => {
      const doc = await prepared(description);
      const whole = await pagesOf(doc);
      const pointers = [...descriptionPrints(doc).pages.keys()];
      for (const pointer of pointers) {
        const some = await pagesOf(onlyOperations(doc, [pointer]));
        assert.equal(some.size, 1, pointer);
        const [[id, page]] = some;
        assert.equal(page, whole.get(id), pointer);
      }
    });
  }

  test('keeps only the components its operations reach', async () => {
    const doc = await prepared(extensionWebhooks);
    assert.deepEqual(Object.keys(onlyOperations(doc, [CREATE]).components.schemas).sort(), [
      'Card',
      'Wallet',
    ]);
    assert.deepEqual(Object.keys(onlyOperations(doc, [READ]).components.schemas ?? {}), []);
  });
});

describe('a section of the merchant API, from the bundled copy the generator reads', () => {
  for (const target of TARGETS.filter((each) => each.pluginId === 'gerai')) {
    test(`${target.spec}: every page as from its own files, and a copy with one operation or event writes that page`, async () => {
      const doc = await generatorSpec(root, target);
      const whole = await pagesOf(doc, createMerchantApiPageMarkdown);
      assert.deepEqual(
        whole,
        byId(await generatedPages(path.join(root, target.spec), createMerchantApiPageMarkdown)),
      );
      // The first and the last: a path's operation and, in a section of events, an event.
      const pointers = [...descriptionPrints(doc).pages.keys()];
      assert.ok(pointers.length > 0 && pointers.length === whole.size, target.spec);
      for (const pointer of new Set([pointers[0], pointers.at(-1)])) {
        const some = await pagesOf(onlyOperations(doc, [pointer]), createMerchantApiPageMarkdown);
        assert.equal(some.size, 1, pointer);
        const [[id, page]] = some;
        assert.equal(page, whole.get(id), pointer);
      }
    });
  }
});
