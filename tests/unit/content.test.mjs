// @ts-check
// The pages agree with the OpenAPI description: every endpoint, scope and event
// they name exists there, and every JSON example parses.
import assert from 'node:assert/strict';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {codeBlocks, handWrittenPages} from '../support/content.mjs';
import {loadDescriptions, loadFacts, root, templatePattern} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {substituteTokens} = jiti('./src/remark/substitute-tokens.ts');

const facts = loadFacts();
// The API changelog names endpoints too: each must exist, as on the guides.
const merchantPages = handWrittenPages(['docs', 'changelog']);
const allPages = handWrittenPages();

const ENDPOINT = /\b(GET|POST|PUT|PATCH|DELETE)\s+`?(\/[^\s`'"|)\\<>]*)/g;
const API_URL = /@@API_(?:SANDBOX|PRODUCTION)@@(\/[^\s`'"|)\\<>]*)/g;
const SCOPE = /\b[a-z]+:[a-z_]+:(?:read|write)\b/g;
const EVENT = /\b(?:food|payment)\.[a-z_]+\.[a-z_]+\b/g;

const knownEndpoints = [...facts.operations, ...facts.oauthPaths].map((op) => ({
  method: op.method,
  pattern: templatePattern(op.template),
}));

function cleanPath(raw) {
  return raw.replace(/[?#].*$/, '').replace(/[.,:;]+$/, '');
}

describe('pages agree with the OpenAPI description', () => {
  test('the description was read', () => {
    assert.ok(facts.operations.length >= 40, `only ${facts.operations.length} operations found`);
    assert.ok(facts.events.size >= 11, `only ${facts.events.size} webhook events found`);
  });

  for (const page of merchantPages) {
    test(`${page.file}: every METHOD /path it names is an operation`, () => {
      const unknown = [...page.body.matchAll(ENDPOINT)]
        .map(([, method, raw]) => ({method, path: cleanPath(raw)}))
        .filter(({path}) => path.length > 1)
        .filter(
          ({method, path}) => !knownEndpoints.some((op) => op.method === method && op.pattern.test(path)),
        )
        .map(({method, path}) => `${method} ${path}`);
      assert.deepEqual(unknown, []);
    });

    test(`${page.file}: every API address in its examples is a path of the description`, () => {
      const unknown = [...page.body.matchAll(API_URL)]
        .map(([, raw]) => cleanPath(raw))
        .filter((path) => !knownEndpoints.some((op) => op.pattern.test(path)));
      assert.deepEqual(unknown, []);
    });

    test(`${page.file}: every scope and event it names exists`, () => {
      const scopes = [...new Set(page.body.match(SCOPE) ?? [])].filter((scope) => !facts.scopes.has(scope));
      const events = [...new Set(page.body.match(EVENT) ?? [])].filter((event) => !facts.events.has(event));
      assert.deepEqual(
        {unknownScopes: scopes, unknownEvents: events},
        {unknownScopes: [], unknownEvents: []},
      );
    });
  }

  for (const page of allPages) {
    test(`${page.file}: every JSON code block parses`, () => {
      for (const block of codeBlocks(page.body).filter((b) => b.language === 'json')) {
        const text = substituteTokens(block.content, undefined, page.file);
        assert.doesNotThrow(() => JSON.parse(text), `invalid JSON in ${page.file}:\n${text.slice(0, 200)}`);
      }
    });
  }
});

describe('reference pages are complete against the description', () => {
  const page = (file) => merchantPages.find((p) => p.file === file);

  test('the event list documents exactly the events of the description', () => {
    const eventList = page('docs/api/event-list.mdx');
    assert.ok(eventList, 'docs/api/event-list.mdx is missing');
    const headings = [...eventList.body.matchAll(/^##\s+`([^`]+)`/gm)].map((m) => m[1]);
    assert.deepEqual([...headings].sort(), [...facts.events.keys()].sort());
  });

  test('the glossary shows the tables generated from the description, and no copy of its own', () => {
    const glossary = page('docs/api/objects-glossary.mdx');
    assert.ok(glossary, 'docs/api/objects-glossary.mdx is missing');
    assert.match(glossary.body, /^import Objects from '\.\/_objects-glossary\.generated\.mdx';$/m);
    assert.match(glossary.body, /^<Objects \/>$/m);
    assert.deepEqual(glossary.body.match(/^#{2,} .*$/gm) ?? [], [], 'hand-written object headings');
  });

  test('the generated glossary has a heading for every schema of every file', () => {
    const {GLOSSARY_FILES, glossaryMarkdown} = jiti('./src/config/objects-glossary.ts');
    const descriptions = loadDescriptions();
    assert.deepEqual(
      descriptions
        .filter(({doc}) => doc.components?.schemas)
        .map(({name}) => name)
        .sort(),
      [...GLOSSARY_FILES].sort(),
    );
    const markdown = glossaryMarkdown(
      GLOSSARY_FILES.map((file) => ({file, doc: descriptions.find((d) => d.name === file).doc})),
    );
    const headings = [...markdown.matchAll(/^### (\S+)$/gm)].map((m) => m[1]);
    assert.deepEqual([...headings].sort(), [...facts.schemas].sort());
  });

  test('a glossary too long for one page goes on in pages of its own, each link reaching its object', () => {
    const {
      GLOSSARY_FILES,
      GLOSSARY_PARTIAL,
      GLOSSARY_PARTS_DIR,
      glossaryFiles,
      glossaryMarkdown,
      glossaryPartNumber,
    } = jiti('./src/config/objects-glossary.ts');
    const descriptions = loadDescriptions();
    const sources = GLOSSARY_FILES.map((file) => ({
      file,
      doc: descriptions.find((d) => d.name === file).doc,
    }));
    assert.deepEqual(
      glossaryFiles(sources).map((file) => file.path),
      [GLOSSARY_PARTIAL],
      "the portal's own glossary is one page",
    );
    const files = glossaryFiles(sources, 20_000);
    assert.ok(files.length >= 3, `${files.length} pages of at most 20,000 characters`);
    assert.equal(files[0].path, GLOSSARY_PARTIAL);
    const urlOf = (k) =>
      k === 0 ? '/docs/api/objects-glossary' : `/docs/api/objects-glossary/part-${k + 1}`;
    files.slice(1).forEach((file, k) => {
      assert.equal(file.path, `${GLOSSARY_PARTS_DIR}/part-${k + 2}.generated.mdx`);
      assert.equal(glossaryPartNumber(path.basename(file.path)), k + 2, 'the sidebar reads the part it is');
      assert.match(file.text, new RegExp(`^---\nid: part-${k + 2}\nslug: part-${k + 2}\n`));
    });
    const headings = files.map((file) => [...file.text.matchAll(/^### (\S+)$/gm)].map((m) => m[1]));
    assert.deepEqual(
      headings.flat(),
      [...glossaryMarkdown(sources).matchAll(/^### (\S+)$/gm)].map((m) => m[1]),
      'every object once, in the order of one page',
    );
    files.forEach((file, k) => {
      for (const [, url, anchor] of file.text.matchAll(/\]\(([^)#\s]*)#([\w-]+)\)/g)) {
        const target = url === '' ? k : files.findIndex((_, other) => urlOf(other) === url);
        assert.ok(target >= 0, `${file.path}: a link to ${url}`);
        assert.ok(
          headings[target].some((name) => name.toLowerCase() === anchor),
          `${file.path}: #${anchor} is not on ${urlOf(target)}`,
        );
      }
      if (k + 1 < files.length)
        assert.ok(file.text.includes(`](${urlOf(k + 1)})`), `${file.path} links the next part`);
    });
  });

  test('every scope of the description is explained in the authentication guide', () => {
    const guide = page('docs/docs/authentication.mdx');
    assert.ok(guide, 'docs/docs/authentication.mdx is missing');
    assert.deepEqual(
      [...facts.scopes].filter((scope) => !guide.body.includes(scope)),
      [],
    );
  });
});

describe('no filler', () => {
  const FILLER = /lorem ipsum|\bTODO\b|\bTBD\b|coming soon|placeholder text/i;
  for (const page of allPages) {
    test(`${page.file} has no filler words`, () => {
      assert.doesNotMatch(page.body, FILLER);
    });
  }

  test('every page has a title and a description', () => {
    const incomplete = allPages
      .filter((p) => !p.file.startsWith('blog/') || !p.file.endsWith('.yml'))
      .filter((p) => !p.frontMatter.title && !p.body.match(/^# /m))
      .map((p) => p.file);
    assert.deepEqual(incomplete, []);
    const withoutDescription = allPages.filter((p) => !p.frontMatter.description).map((p) => p.file);
    assert.deepEqual(withoutDescription, []);
  });
});
