// @ts-check
// Which release's page shows an operation (src/api-reference/releases.ts): a release has a
// page of an operation only where it changed it, and its address of every other one leads to the
// page of the release that last changed it. Read from three small releases, without a build.
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';

import createJiti from 'jiti';
import {stringify} from 'yaml';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {
  readReleaseHistory,
  ownedBy,
  releaseLinks,
  releaseRedirects,
  releaseRoutes,
  earlierReleaseNotice,
  releaseSpecPath,
  repositoryCurrentPages,
} = jiti('./src/api-reference/releases.ts');
const {writeReleaseSpec} = jiti('./src/api-reference/page/release-pages.ts');
const {movedPage} = jiti('./src/plugins/moved-pages/index.ts');

const outlet = {type: 'object', properties: {id: {type: 'string'}}};

/**
 * A release: two operations and an event; `change` edits it from the one before, wherever it
 * likes (it is typed as loosely as a parsed description is).
 *
 * @param {(doc: any) => void} [change]
 */
function release(change = () => {}) {
  const doc = {
    openapi: '3.1.0',
    info: {title: 'Merchant API', version: '1'},
    servers: [{url: 'https://api.example'}],
    paths: {
      '/outlets': {
        get: {
          operationId: 'listOutlets',
          summary: 'List outlets',
          responses: {
            200: {
              description: 'OK',
              content: {'application/json': {schema: {$ref: '#/components/schemas/Outlet'}}},
            },
          },
        },
      },
      '/orders': {
        get: {operationId: 'listOrders', summary: 'List orders', responses: {200: {description: 'OK'}}},
      },
    },
    webhooks: {
      'order.created': {
        post: {operationId: 'orderCreated', summary: 'Order created', responses: {200: {description: 'OK'}}},
      },
    },
    components: {schemas: {Outlet: structuredClone(outlet)}},
  };
  change(doc);
  return doc;
}

const site = mkdtempSync(path.join(tmpdir(), 'gerai-release-pages-'));
after(() => rmSync(site, {recursive: true, force: true}));
const folder = path.join(site, 'openapi', 'releases');
mkdirSync(folder, {recursive: true});
const write = (name, doc) => writeFileSync(path.join(folder, `${name}.yaml`), stringify(doc));
// 2026-01-01: all three. 2026-01-02: the orders' summary changes. 2026-01-03: the outlet schema
// changes (the outlets' page with it, though the operation itself is the same), orders are removed.
write('2026-01-01', release());
write(
  '2026-01-02',
  release((doc) => (doc.paths['/orders'].get.summary = 'List the orders')),
);
write(
  '2026-01-03',
  release((doc) => {
    doc.components.schemas.Outlet.properties.name = {type: 'string'};
    delete doc.paths['/orders'];
  }),
);
const history = readReleaseHistory(folder);
const [first, second, third] = history.releases;
const page = (release, id) => `/docs/api/releases/${release}/${id}`;

describe('the release that shows an operation', () => {
  test('is the first of the releases that describe it the same way, one after the other', () => {
    const shown = (key) => Object.fromEntries(history.shownIn.get(key));
    assert.deepEqual(shown('GET /outlets'), {[first]: first, [second]: first, [third]: third});
    assert.deepEqual(shown('GET /orders'), {[first]: first, [second]: second});
    assert.deepEqual(shown('order.created'), {[first]: first, [second]: first, [third]: first});
  });

  test('so a release has pages of what it changed or added, and none of the rest', () => {
    assert.deepEqual([...ownedBy(first, history)].sort(), ['GET /orders', 'GET /outlets', 'order.created']);
    assert.deepEqual([...ownedBy(second, history)], ['GET /orders']);
    assert.deepEqual([...ownedBy(third, history)], ['GET /outlets']);
  });

  test("a release's routes are its own page and the page that shows each of its operations", () => {
    assert.deepEqual(releaseRoutes(second, history), [
      `/docs/api/releases/${second}`,
      page(first, 'list-outlets'),
      page(second, 'list-orders'),
      page(first, 'order-created'),
    ]);
  });

  test("a release's address of an operation it did not change leads to the page that shows it", () => {
    assert.deepEqual(releaseRedirects(history), [
      {from: page(second, 'list-outlets'), to: page(first, 'list-outlets')},
      {from: page(second, 'order-created'), to: page(first, 'order-created')},
      {from: page(third, 'order-created'), to: page(first, 'order-created')},
    ]);
  });

  test('the switcher links each release to the page that shows the operation in it', () => {
    const current = new Map([['GET /outlets', '/docs/api/outlets/list-outlets']]);
    assert.deepEqual(
      releaseLinks('GET /outlets', history, current).map(({release, href}) => [release, href]),
      [
        ['current', '/docs/api/outlets/list-outlets'],
        [third, page(third, 'list-outlets')],
        [second, page(first, 'list-outlets')],
        [first, page(first, 'list-outlets')],
      ],
    );
  });

  test('a page says up to which release its operation stayed the same', () => {
    const notice = earlierReleaseNotice('order.created', first, history, new Map());
    assert.match(notice, new RegExp(`releases after it up to \\[release ${third}\\]`));
    assert.doesNotMatch(earlierReleaseNotice('GET /orders', second, history, new Map()), /releases after it/);
    assert.match(
      earlierReleaseNotice('GET /orders', first, history, new Map()),
      /removed in \[release 2026-01-03\]/,
    );
  });
});

test("the generator reads a release's description with only the operations it changed", () => {
  assert.equal(writeReleaseSpec(site, second, history), 1);
  const spec = JSON.parse(readFileSync(path.join(site, releaseSpecPath(second)), 'utf8'));
  assert.deepEqual(Object.keys(spec.paths), ['/orders']);
  assert.deepEqual(spec.webhooks, {});
  assert.deepEqual(spec.components, release().components, 'the components stay, for the references');
  assert.equal(writeReleaseSpec(site, first, history), 3);
});

test('a moved page sends the reader on without a script, and names its address now', () => {
  const html = movedPage({from: '/a/old', to: '/a/new'}, 'https://developer.gerai.example');
  assert.match(html, /<meta http-equiv="refresh" content="0; url=\/a\/new">/);
  assert.match(html, /<link rel="canonical" href="https:\/\/developer\.gerai\.example\/a\/new">/);
  assert.match(html, /<a href="\/a\/new">/);
  assert.doesNotMatch(html, /<script/);
});

describe("the current reference's pages, as a release's switcher links to them", () => {
  const site = mkdtempSync(path.join(tmpdir(), 'gerai-current-pages-'));
  after(() => rmSync(site, {recursive: true, force: true}));
  const section = (file, paths) => {
    mkdirSync(path.join(site, 'openapi', 'gerai'), {recursive: true});
    writeFileSync(
      path.join(site, 'openapi', 'gerai', file),
      stringify({openapi: '3.1.0', info: {title: 'Merchant API', version: '1'}, paths}),
    );
  };
  const ok = {200: {description: 'OK'}};

  test('follow a saved section, and keep the others', () => {
    section('outlets.yaml', {'/outlets': {get: {operationId: 'getAllOutlets', responses: ok}}});
    section('food.yaml', {'/menus': {get: {operationId: 'getMenus', responses: ok}}});
    assert.deepEqual(Object.fromEntries(repositoryCurrentPages(site)), {
      'GET /outlets': '/docs/api/outlet-information/get-all-outlets',
      'GET /menus': '/docs/api/food-integration/get-menus',
    });
    section('outlets.yaml', {
      '/outlets': {
        get: {operationId: 'listOutlets', responses: ok},
        post: {summary: 'Add an outlet', responses: ok},
      },
    });
    assert.deepEqual(Object.fromEntries(repositoryCurrentPages(site)), {
      'GET /outlets': '/docs/api/outlet-information/list-outlets',
      'POST /outlets': '/docs/api/outlet-information/add-an-outlet',
      'GET /menus': '/docs/api/food-integration/get-menus',
    });
    rmSync(path.join(site, 'openapi', 'gerai', 'food.yaml'));
    writeFileSync(path.join(site, 'openapi', 'gerai', 'outlets.yaml'), 'paths: [');
    assert.deepEqual(Object.fromEntries(repositoryCurrentPages(site)), {});
  });
});
