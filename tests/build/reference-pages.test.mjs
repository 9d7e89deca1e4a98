// @ts-check
// Every generated reference page shows its operation in the HTML the server sends, readable with
// JavaScript off: title, method, path, parameters, request and response fields, statuses and
// headers (the facts tests/support/reference-pages.ts reads from the page's own description).
// Judged on the text of <main> as the built HTML holds it, leaving out what a reader cannot see
// without JavaScript (scripts, templates, hidden elements, the body of a closed <details>); the
// browser reads one reference page of each kind with JavaScript off and its styles applied
// (tests/e2e/page-kinds.spec.ts). Run after `npm run build`.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {loadMain} from '../support/built-html.mjs';
import {fileOf} from '../support/page-checks.mjs';
import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {expectedText, referencePages} = jiti('./tests/support/reference-pages.ts');
const {sitemapPaths} = jiti('./scripts/host-config/routes.ts');

const buildDir = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const references = referencePages();

/** The text of <main> that shows without JavaScript. */
function visibleText(html) {
  const $ = loadMain(html);
  const main = $('main');
  main.find('script, style, template, [hidden]').remove();
  main.find('details:not([open])').each((_, details) => {
    $(details).children(':not(summary)').remove();
  });
  main.find('br, p, div, li, tr, td, th, h1, h2, h3, h4, h5, h6, pre').after('\n');
  return main.text();
}

describe('reference pages without JavaScript', () => {
  test('every generated reference page is in the sitemap', () => {
    const inSitemap = new Set(sitemapPaths(readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8')));
    assert.deepEqual(
      references.map((page) => page.route).filter((route) => !inSitemap.has(route)),
      [],
    );
    assert.ok(references.length >= 79, `${references.length} pages`);
  });

  for (const reference of references) {
    test(`${reference.route} shows its method, path, parameters, body and responses`, () => {
      const file = fileOf(buildDir, reference.route);
      assert.ok(file, `no page of the build answers ${reference.route}`);
      const text = visibleText(readFileSync(file, 'utf8'));
      const missing = expectedText(reference)
        .filter(({text: fact}) => !text.includes(fact))
        .map(({label, text: fact}) => `${label} ${fact}`);
      assert.deepEqual(missing, [], `facts of ${reference.route} missing from the text of <main>`);
    });
  }
});
