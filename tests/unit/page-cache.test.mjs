// @ts-check
// What the postBuild steps keep of a built page between builds (src/plugins/worker-pool/page-cache.ts).
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {pageCache, pageContent} = jiti('./src/plugins/worker-pool/page-cache.ts');
const {cacheKept} = jiti('./src/config/build-cache.ts');

/** A built page as a build names its scripts and route data: by the hash of the site's code. */
function built(content, build = 'a1b2c3') {
  return (
    `<!doctype html><html><head><title>Order states | Gerai Developer Portal</title>` +
    `<link rel="canonical" href="https://developer.gerai.example/docs/docs/order-states">` +
    `<link rel=stylesheet href=/assets/css/styles.${build}.css />` +
    `<link rel="preload" href="/assets/js/page.${build}.js" as="script">` +
    `<script src=/assets/js/runtime~main.${build}.js defer></script>` +
    `</head><body><main>${content}</main>` +
    `<script type="application/json" id="__route-data">{"folder":"assets/route-data/${build}"}</script>` +
    `</body></html>`
  );
}

const temporary = mkdtempSync(path.join(tmpdir(), 'page-cache-'));
after(() => rmSync(temporary, {recursive: true, force: true}));

/** A file of code a step depends on, which a test can change. */
const code = path.join(temporary, 'convert.ts');
writeFileSync(code, 'export const version = 1;\n');

/** A step's cache in a folder of its own, and how many results it made rather than read. */
function counted(name) {
  const cache = pageCache(name, [code], {dir: temporary, kept: true});
  let made = 0;
  return {
    made: () => made,
    result: (html, inputs, value = `markdown of ${html.length}`) =>
      cache.result(html, inputs, () => {
        made += 1;
        return {markdown: value};
      }),
  };
}

describe('pageContent', () => {
  test("keeps the page's content, title and canonical address, without its scripts and linked scripts and styles", () => {
    const content = pageContent(built('<h1>Order states</h1><p>An order moves through these states.</p>'));
    assert.match(content, /<title>Order states \| Gerai Developer Portal<\/title>/);
    assert.match(content, /rel="canonical"/);
    assert.match(
      content,
      /<main><h1>Order states<\/h1><p>An order moves through these states\.<\/p><\/main>/,
    );
    assert.doesNotMatch(content, /script|stylesheet|preload|a1b2c3/);
  });

  test('is the same for two builds of the same content whose code differs', () => {
    assert.equal(pageContent(built('<p>Same</p>', 'a1b2c3')), pageContent(built('<p>Same</p>', 'ffee00')));
    assert.notEqual(pageContent(built('<p>Same</p>')), pageContent(built('<p>Changed</p>')));
  });
});

describe('pageCache', () => {
  test("makes a page's result once, and reads it back for the same content built again", async () => {
    const step = counted('same');
    const first = await step.result(built('<p>A</p>', 'a1'), {route: '/a'});
    const again = await step.result(built('<p>A</p>', 'b2'), {route: '/a'});
    assert.deepEqual(again, first);
    assert.equal(step.made(), 1);
  });

  test("makes it again when the page's content, the task's inputs or the step's code change", async () => {
    const step = counted('changes');
    await step.result(built('<p>A</p>'), {route: '/a'});
    await step.result(built('<p>A, edited</p>'), {route: '/a'});
    await step.result(built('<p>A</p>'), {route: '/b'});
    assert.equal(step.made(), 3);

    writeFileSync(code, 'export const version = 2;\n');
    const changedCode = counted('changes');
    await changedCode.result(built('<p>A</p>'), {route: '/a'});
    assert.equal(changedCode.made(), 1, 'the same page and inputs, converted by other code');
  });

  test('keeps nothing when the build does not keep its cache', async () => {
    let made = 0;
    const cache = pageCache('not-kept', [code], {dir: temporary, kept: false});
    for (let k = 0; k < 2; k += 1) await cache.result(built('<p>A</p>'), {}, () => ({made: ++made}));
    assert.equal(made, 2);
  });

  test('a result of nothing (a page the step leaves out) is not kept', async () => {
    const cache = pageCache('nothing', [code], {dir: temporary, kept: true});
    let made = 0;
    for (let k = 0; k < 2; k += 1) {
      assert.equal(
        await cache.result(built('<p>A</p>'), {}, () => {
          made += 1;
          return undefined;
        }),
        undefined,
      );
    }
    assert.equal(made, 2);
  });
});

describe('cacheKept', () => {
  test("follows the bundler's persistent cache: kept unless DOCUSAURUS_NO_PERSISTENT_CACHE is set", () => {
    assert.equal(cacheKept({}), true);
    assert.equal(cacheKept({DOCUSAURUS_NO_PERSISTENT_CACHE: ''}), true);
    assert.equal(cacheKept({DOCUSAURUS_NO_PERSISTENT_CACHE: 'true'}), false);
  });
});
