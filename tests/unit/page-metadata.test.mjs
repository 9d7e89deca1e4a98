// @ts-check
// What every page tells crawlers and link previews (meta description of a generated
// reference page, robots.txt, the API catalog) and where "Edit this page" leads.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {metaDescription} = jiti('./src/api-reference/page/meta-description.ts');
const {robotsTxt} = jiti('./src/plugins/robots-txt/index.ts');
const {apiCatalog} = jiti('./src/config/api-catalog.ts');
const {GERAI_FULL_DOWNLOAD, GERAI_POSTMAN_DOWNLOAD, geraiApiSections, sectionDownload} =
  jiti('./src/config/openapi.ts');
const {docsEditUrl} = jiti('./src/config/edit-url.ts');
const {REPOSITORY_URL} = jiti('./src/constants.ts');

describe('the meta description of a generated reference page', () => {
  test('keeps whole sentences of a hard-wrapped description, as plain text', () => {
    assert.equal(
      metaDescription(
        'Adds a pet to the catalog. The store assigns the `id`; any `id` in the\nrequest body is ignored.\n\nMore.',
      ),
      'Adds a pet to the catalog. The store assigns the id; any id in the request body is ignored.',
    );
  });

  test('stops before the sentence that would pass the length, but always keeps the first', () => {
    const first = `Lists ${'every outlet '.repeat(20).trim()}.`;
    assert.equal(metaDescription(`${first} A second sentence.`, 200), first);
    assert.equal(metaDescription('One. Two. Three.', 9), 'One. Two.');
  });

  test('does not end a sentence at an abbreviation followed by a small letter', () => {
    assert.equal(
      metaDescription('Send a menu, e.g. a breakfast menu, to **one** [outlet](/x). Then wait.', 40),
      'Send a menu, e.g. a breakfast menu, to one outlet.',
    );
  });

  test('a sentence may start with code', () => {
    assert.equal(
      metaDescription(
        'Fires when a menu is live, usually within minutes. `catalog.status` is `success` when ' +
          'all '.repeat(60),
        80,
      ),
      'Fires when a menu is live, usually within minutes.',
    );
  });

  test('a paragraph that leads into a list ends as a sentence', () => {
    assert.equal(metaDescription('The grants:\n\n- one\n- two'), 'The grants.');
  });

  test('an empty description gives none', () => {
    assert.equal(metaDescription(undefined), '');
    assert.equal(metaDescription('  \n'), '');
  });
});

describe('robots.txt', () => {
  test('allows every page and names the sitemap by its absolute address', () => {
    assert.equal(
      robotsTxt('https://developer.gerai.example', '/'),
      'User-agent: *\nAllow: /\n\nSitemap: https://developer.gerai.example/sitemap.xml\n',
    );
    assert.match(
      robotsTxt('http://localhost:3000', '/portal/'),
      /^Sitemap: http:\/\/localhost:3000\/portal\/sitemap\.xml$/m,
    );
  });
});

describe('the API catalog (RFC 9727)', () => {
  const catalog = apiCatalog('http://localhost:3000', (file) => `title of ${file}`);
  const targets = catalog.linkset.flatMap((context) => [
    ...context['service-desc'],
    ...context['service-doc'],
  ]);

  test('is a linkset: contexts with an anchor, links by relation with an href, a type and a title', () => {
    assert.ok(catalog.linkset.length >= 2);
    for (const context of catalog.linkset) {
      assert.match(context.anchor, /^http:\/\/localhost:3000\//);
      for (const [relation, links] of Object.entries(context)) {
        if (relation === 'anchor') continue;
        assert.ok(Array.isArray(links) && links.length > 0, relation);
        for (const link of links) assert.deepEqual(Object.keys(link).sort(), ['href', 'title', 'type']);
      }
    }
  });

  test('names every download of the merchant API and the pet store, by absolute address on the site', () => {
    const descriptions = catalog.linkset
      .filter((context) => !context.anchor.endsWith('/mcp'))
      .flatMap((context) => context['service-desc'].map((link) => link.href));
    const yaml = [GERAI_FULL_DOWNLOAD, 'petstore.yaml', ...geraiApiSections.map(sectionDownload)];
    // Each description in YAML and as its JSON copy.
    assert.deepEqual(descriptions.sort(), [
      ...[GERAI_POSTMAN_DOWNLOAD, ...yaml, ...yaml.map((file) => file.replace(/\.yaml$/, '.json'))]
        .map((file) => `http://localhost:3000/openapi/${file}`)
        .sort(),
    ]);
    const section = targets.find((link) => link.href.endsWith(sectionDownload(geraiApiSections[0])));
    assert.equal(section.title, `title of gerai/${geraiApiSections[0].file}`);
    const copy = targets.find((link) => link.href === section.href.replace(/\.yaml$/, '.json'));
    assert.deepEqual(copy, {href: copy.href, type: 'application/json', title: `${section.title} (JSON)`});
  });

  test('names the docs as pages and as Markdown, and llms.txt', () => {
    const hrefs = targets.map((link) => link.href);
    for (const href of [
      'http://localhost:3000/docs/api/intro',
      'http://localhost:3000/docs/api/intro.md',
      'http://localhost:3000/docs/docs/intro',
      'http://localhost:3000/llms.txt',
    ]) {
      assert.ok(hrefs.includes(href), href);
    }
  });

  test('names the MCP server by its endpoint: its server card, and the guide as a page and as Markdown', () => {
    const mcp = catalog.linkset.find((context) => context.anchor === 'http://localhost:3000/mcp');
    assert.ok(mcp, 'a link context anchored at the MCP endpoint');
    assert.deepEqual(
      mcp['service-desc'].map((link) => [link.href, link.type]),
      [['http://localhost:3000/.well-known/mcp/server-card.json', 'application/json']],
    );
    assert.deepEqual(
      mcp['service-doc'].map((link) => link.href),
      ['http://localhost:3000/docs/docs/ai-assistants', 'http://localhost:3000/docs/docs/ai-assistants.md'],
    );
  });

  test('takes the origin as SITE_URL gives it, with or without a trailing slash', () => {
    assert.deepEqual(
      apiCatalog('https://developer.gerai.example/', () => 't'),
      apiCatalog('https://developer.gerai.example', () => 't'),
    );
  });
});

describe('"Edit this page"', () => {
  test('leads to a hand-written page in the repository, on main', () => {
    assert.equal(
      docsEditUrl({versionDocsDirPath: 'docs', docPath: 'docs/remarks.mdx'}),
      `${REPOSITORY_URL}/edit/main/docs/docs/remarks.mdx`,
    );
    assert.equal(
      docsEditUrl({versionDocsDirPath: 'api', docPath: 'introduction.mdx'}),
      `${REPOSITORY_URL}/edit/main/api/introduction.mdx`,
    );
  });

  test('is absent on pages generated from the OpenAPI descriptions', () => {
    for (const docPath of [
      'api/food-integration/accept-order.api.mdx',
      'api/food-integration/order-acceptance.tag.mdx',
      'add-a-new-pet-to-the-store.api.mdx',
      'api/objects-glossary/part-2.generated.mdx',
    ]) {
      assert.equal(docsEditUrl({versionDocsDirPath: 'docs', docPath}), undefined, docPath);
    }
  });
});
