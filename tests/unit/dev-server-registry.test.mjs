// @ts-check
// The development server reads Docusaurus's route registry through
// src/plugins/dev-server/registry-loader.cjs: no page module is a weak dependency (built at start),
// and the pages' imports share a fixed number of chunks, however many pages the site has.
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {test} from 'node:test';

const registryLoader = createRequire(import.meta.url)('../../src/plugins/dev-server/registry-loader.cjs');

/** A registry as Docusaurus writes it, one entry per module. */
const registryOf = (modules) =>
  [
    'export default {',
    ...modules.map(
      (module, i) =>
        `  "k${i}": [() => import(/* webpackChunkName: "k${i}" */ "${module}"), "${module}", require.resolveWeak("${module}")],`,
    ),
    '};',
  ].join('\n');

const chunkNames = (source) => [...source.matchAll(/webpackChunkName: "([^"]+)"/g)].map((match) => match[1]);

test('every page loads through its import(), none as a weak dependency', () => {
  const read = registryLoader(registryOf(['@site/docs/docs/intro.mdx']));
  assert.doesNotMatch(read, /resolveWeak/);
  assert.match(
    read,
    /\[\(\) => import\(\/\* webpackChunkName: "dev-pages-\d+" \*\/ "@site\/docs\/docs\/intro\.mdx"\), "@site\/docs\/docs\/intro\.mdx", "@site\/docs\/docs\/intro\.mdx"\]/,
  );
  assert.equal(registryLoader('export default {};\n'), 'export default {};\n');
});

test('ten thousand pages share at most CHUNK_GROUPS chunks, each page always the same one', () => {
  const modules = Array.from({length: 10_000}, (_, i) => `@site/docs/api/operation-${i}.api.mdx`);
  const names = chunkNames(registryLoader(registryOf(modules)));
  assert.equal(names.length, modules.length);
  const groups = new Set(names);
  assert.ok(groups.size <= registryLoader.CHUNK_GROUPS, `${groups.size} chunks`);
  // Spread over the groups, not piled into a few.
  assert.ok(groups.size > registryLoader.CHUNK_GROUPS / 2, `${groups.size} chunks`);
  // The same module lands in the same chunk in another registry (the registry is written again as
  // pages come and go, and the open page's chunk must stay where the browser has it).
  assert.deepEqual(chunkNames(registryLoader(registryOf([modules[42]]))), [names[42]]);
});

test('an import Docusaurus wrote without a chunk name gets one too', () => {
  const read = registryLoader(
    '  "c2d": [() => import("@generated/x/p/docs-175.json"), "@generated/x/p/docs-175.json", require.resolveWeak("@generated/x/p/docs-175.json")],',
  );
  assert.match(
    read,
    /import\(\/\* webpackChunkName: "dev-pages-\d+" \*\/ "@generated\/x\/p\/docs-175\.json"\)/,
  );
  assert.doesNotMatch(read, /resolveWeak/);
});
