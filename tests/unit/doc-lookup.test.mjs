// @ts-check
// The tables that static generation finds a page's routes, doc and doc route in
// (src/plugins/route-data/server): for every list and address, the same as a scan with
// react-router's matchPath, and the same branch as react-router-config's matchRoutes.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';
import {matchPath} from 'react-router';
import {matchRoutes as scanRoutes} from 'react-router-config';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {everyPathPlain, findIndexByPath, isPlainPath, plainRoutePath} = jiti(
  './src/plugins/route-data/server/find-by-path.ts',
);
const {matchRoutes} = jiti('./src/plugins/route-data/server/match-routes.ts');

/** @typedef {{path?: string, exact?: boolean, strict?: boolean, sensitive?: boolean}} Route */

/** The first route that matches, by trying each in turn. */
const scan = (/** @type {Route[]} */ routes, /** @type {string} */ pathname) =>
  routes.findIndex((route) => Boolean(matchPath(pathname, route)));

const lookup = (/** @type {Route[]} */ routes, /** @type {string} */ pathname) =>
  findIndexByPath(routes, pathname, plainRoutePath, (/** @type {Route} */ route) =>
    Boolean(matchPath(pathname, route)),
  );

const PATHS = [
  '/docs/intro',
  '/docs/Intro',
  '/docs/intro/',
  '/docs/api/orders/get-order',
  '/docs/',
  '/',
  '',
  '/docs/a.b',
  '/docs/a+b',
  '/docs/a?b',
  '/docs/:id',
  '/docs/(x)',
  '/docs/*',
  '/docs/a\\b',
  '/docs/café',
  '/docs/k',
  '/docs/%20space',
];

const ADDRESSES = [
  ...PATHS,
  ...PATHS.map((path) => path.toUpperCase()),
  ...PATHS.map((path) => `${path}/`),
  ...PATHS.map((path) => `${path}//`),
  '/docs/\u212a',
  '/docs/CAFÉ',
  '/docs/anything',
  '/docs/ab',
  '/docs/aab',
  '/nowhere',
];

/** Small deterministic generator, so that a failure can be replayed. */
function* random(seed) {
  let state = seed;
  for (;;) {
    state = (state * 1103515245 + 12345) % 2147483648;
    yield state / 2147483648;
  }
}

describe('a doc or doc route found by its address', () => {
  test('is the one a scan with matchPath finds, for lists of every kind of path and option', () => {
    const draw = random(7);
    const next = () => /** @type {number} */ (draw.next().value);
    for (let round = 0; round < 400; round++) {
      const routes = Array.from({length: 1 + Math.floor(next() * 12)}, () => ({
        path: PATHS[Math.floor(next() * PATHS.length)],
        exact: next() < 0.8,
        strict: next() < 0.1,
        sensitive: next() < 0.1,
      }));
      for (const address of ADDRESSES) {
        assert.equal(
          lookup(routes, address),
          scan(routes, address),
          `${address} in ${JSON.stringify(routes)}`,
        );
      }
    }
  });

  test('ignores ASCII case and one trailing slash, and finds the first of equal paths', () => {
    const routes = [
      {path: '/docs/Intro', exact: true},
      {path: '/docs/intro', exact: true},
      {path: '/docs/guide/', exact: true},
    ];
    assert.equal(lookup(routes, '/DOCS/INTRO/'), 0);
    assert.equal(lookup(routes, '/docs/guide'), 2);
    assert.equal(lookup(routes, '/docs/guide//'), -1);
  });

  test('lets an earlier route that is not plain text match first', () => {
    const routes = [
      {path: '/docs/intro', exact: true},
      {path: '/docs/:page', exact: true},
      {path: '/docs/other', exact: true},
    ];
    assert.equal(lookup(routes, '/docs/intro'), 0);
    assert.equal(lookup(routes, '/docs/other'), 1);
    assert.equal(everyPathPlain(routes, plainRoutePath), false);
  });

  test('does not equal an address with other characters to a plain path', () => {
    // U+212A (Kelvin) lowercases to "k", but matchPath's expression does not fold it.
    assert.equal(lookup([{path: '/docs/k', exact: true}], '/docs/\u212a'), -1);
  });

  test("is react-router-config's branch for route trees of every kind", () => {
    const draw = random(11);
    const next = () => /** @type {number} */ (draw.next().value);
    /** A list of routes, some with routes of their own, some without a path. */
    const tree = (/** @type {number} */ depth) =>
      Array.from({length: 1 + Math.floor(next() * 8)}, () => {
        const route = {
          ...(next() < 0.9 ? {path: PATHS[Math.floor(next() * PATHS.length)]} : {}),
          exact: next() < 0.7,
          strict: next() < 0.1,
          sensitive: next() < 0.1,
        };
        return depth > 0 && next() < 0.4 ? {...route, routes: tree(depth - 1)} : route;
      });
    for (let round = 0; round < 300; round++) {
      const routes = tree(2);
      for (const address of ADDRESSES) {
        const expected = scanRoutes(routes, address);
        const found = matchRoutes(routes, address);
        assert.deepEqual(
          found.map(({route, match}) => [routes.indexOf(route), route.path, match]),
          expected.map(({route, match}) => [routes.indexOf(route), route.path, match]),
          `${address} in ${JSON.stringify(routes)}`,
        );
        assert.ok(found.every(({route}, index) => route === expected[index].route));
      }
    }
  });

  test('says which paths are plain text', () => {
    assert.equal(isPlainPath('/docs/api/get-order'), true);
    for (const path of ['/docs/:id', '/docs/(a)', '/docs/*', '/docs/a\\b', '/docs/é', undefined]) {
      assert.equal(isPlainPath(path), false, String(path));
    }
  });
});
