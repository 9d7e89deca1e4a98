// @ts-check
// Where a docs page says the reader is, as the server rendered it (src/plugins/route-data/server
// finds a page's doc and doc route in a table of paths): the navbar marks the area of the sidebar
// the page shows, the sidebar marks the page, and a page without a sidebar marks no area.
// Run after `npm run build`.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const {builtPages} = createJiti(root + '/')('./tests/support/built-pages.ts');

/** The navbar's docs areas, by the folder of their pages (docusaurus.config.ts, `docSidebar` items). */
const AREAS = [
  {folder: '/docs/docs/', label: 'Documentation'},
  {folder: '/docs/api/', label: 'API Reference'},
];

/** Earlier releases' pages are a docs instance of their own, outside both areas. */
const OTHER_INSTANCE = '/docs/api/releases/';

const pages = builtPages(build, [])
  .filter(({route}) => AREAS.some(({folder}) => route.startsWith(folder)) && !route.startsWith(OTHER_INSTANCE))
  .map(({route, file}) => ({route, html: readFileSync(file, 'utf8')}))
  .filter(({html}) => !/<meta http-equiv="?refresh/i.test(html));

/** The labels of the navbar links marked as the current area. */
function activeAreas(html) {
  return [...html.matchAll(/<a\b[^>]*\bnavbar__link--active\b[^>]*>([^<]*)</g)].map((match) => match[1]);
}

test('the docs pages of the build are read', () => {
  assert.ok(pages.length > 50, `${pages.length} docs pages`);
});

test('a docs page with a sidebar marks its area in the navbar and itself in the sidebar; one without marks neither', () => {
  const wrong = [];
  for (const {route, html} of pages) {
    const hasSidebar = html.includes('theme-doc-sidebar-container');
    const expected = hasSidebar ? [AREAS.find(({folder}) => route.startsWith(folder)).label] : [];
    const areas = activeAreas(html);
    if (JSON.stringify(areas) !== JSON.stringify(expected)) wrong.push(`${route}: navbar marks [${areas}]`);
    const current = [...html.matchAll(/<a\b[^>]*\baria-current=("?)page\1[^>]*\bhref=("?)([^"\s>]+)\2/g)]
      .map((match) => match[3])
      .filter((href) => href.startsWith('/docs/'));
    if (hasSidebar && !current.some((href) => href.replace(/\/$/, '') === route.replace(/\/$/, ''))) {
      wrong.push(`${route}: the sidebar does not mark the page (marks ${current.join(', ') || 'nothing'})`);
    }
  }
  assert.deepEqual(wrong, []);
});
