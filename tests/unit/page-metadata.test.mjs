// What every page tells crawlers and link previews (meta description of a generated
// reference page, robots.txt) and where "Edit this page" leads.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {metaDescription} = jiti('./src/config/api-reference/meta-description.ts');
const {robotsTxt} = jiti('./src/plugins/robots-txt/index.ts');
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
    ]) {
      assert.equal(docsEditUrl({versionDocsDirPath: 'docs', docPath}), undefined, docPath);
    }
  });
});
