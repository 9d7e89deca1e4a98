// `npm run bench:scale` reads the time of each stage from what `npm run build` prints, and grows
// a copy of the OpenAPI descriptions to ten times their operations, schemas and events.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import {parse} from 'yaml';

import {growDescription, TIMES} from '../../scripts/bench-scale/grow.mjs';
import {routeDataInPage} from '../../scripts/bench-scale/served.mjs';
import {parseStages} from '../../scripts/bench-scale/stages.mjs';

describe('the stages of a build, read from its output', () => {
  // Lines as the build writes them, colours included, with other output between them.
  const log = [
    '> gerai-developer-portal@0.1.0 gen-api',
    '[gen-api] lint: 1.8 s',
    'Successfully created "docs/api/food-integration/reject-order.api.mdx"',
    '[gen-api] downloads: 5.2 s',
    '[gen-api] Postman collection: 0.6 s',
    '[reference-writer] 21 pages in 0.02 s',
    '[reference-writer] 60 pages in 0.06 s',
    '[gen-api] generator: 5.8 s',
    '[gen-api] total: 13.9 s',
    '\u001b[33m[PERF]\u001b[39m Build > \u001b[34m\u001b[1men\u001b[22m\u001b[39m > Load site > Load plugins - \u001b[31m1.20 seconds!\u001b[39m - (Heap 55mb -> 138mb / Total 162mb)',
    '\u001b[33m[PERF]\u001b[39m Build > \u001b[34m\u001b[1men\u001b[22m\u001b[39m > Load site - \u001b[31m2.26 seconds!\u001b[39m - (Heap 55mb -> 138mb / Total 162mb)',
    '\u001b[33m[PERF]\u001b[39m Build > \u001b[34m\u001b[1men\u001b[22m\u001b[39m > Bundling with rspack - \u001b[31m20.19 seconds!\u001b[39m - (Heap 143mb -> 181mb / Total 377mb)',
    '\u001b[33m[PERF]\u001b[39m Build > \u001b[34m\u001b[1men\u001b[22m\u001b[39m > SSG > Thread pool - \u001b[31m2.50 seconds!\u001b[39m',
    '\u001b[33m[PERF]\u001b[39m Build > \u001b[34m\u001b[1men\u001b[22m\u001b[39m > SSG - \u001b[31m2.99 seconds!\u001b[39m - (Heap 181mb -> 176mb / Total 377mb)',
    '[search-index] 160 pages indexed in 212 files, written in 1.4 s',
    '[page-markdown] 136 Markdown pages, llms.txt and llms-full.txt (1639 KB) written in 5.6 s (2 threads)',
    '\u001b[33m[PERF]\u001b[39m Build > \u001b[34m\u001b[1men\u001b[22m\u001b[39m > postBuild() - \u001b[31m8.94 seconds!\u001b[39m - (Heap 177mb -> 710mb / Total 749mb)',
    '\u001b[33m[PERF]\u001b[39m Build > \u001b[34m\u001b[1men\u001b[22m\u001b[39m > Broken links checker - \u001b[32m16.99 ms\u001b[39m - (Heap 710mb -> 715mb / Total 749mb)',
    '[build-site] Building the site (docusaurus build): 36.3 s',
    '[build-site] Writing the host configuration (scripts/host-config.ts): 2.1 s',
  ].join('\n');

  test('each step of gen-api, and the reference writer of both generator processes added up', () => {
    const stages = parseStages(log);
    assert.deepEqual(stages.genApi, {
      lint: 1.8,
      downloads: 5.2,
      'Postman collection': 0.6,
      generator: 5.8,
      total: 13.9,
    });
    assert.deepEqual(stages.referenceWriter, {pages: 81, s: 0.08});
  });

  test("Docusaurus's phases, without the steps inside them", () => {
    assert.deepEqual(parseStages(log).docusaurus, {
      'Load site': 2.26,
      'Bundling with rspack': 20.19,
      SSG: 2.99,
      'postBuild()': 8.94,
      'Broken links checker': 0.02,
    });
  });

  test('the postBuild steps that print their time, and the steps of the build script', () => {
    const stages = parseStages(log);
    assert.deepEqual(stages.pageMarkdown, {pages: 136, s: 5.6});
    assert.deepEqual(stages.searchIndex, {pages: 160, files: 212, s: 1.4});
    assert.deepEqual(stages.buildSite, {docusaurus: 36.3, hostConfig: 2.1});
  });

  test('the two processes of one build: the bundling step, the pages step, and the site loaded twice', () => {
    const perf = (phase, time) =>
      `\u001b[33m[PERF]\u001b[39m Build > \u001b[34m\u001b[1men\u001b[22m\u001b[39m > ${phase} - ${time} - (Heap 55mb -> 138mb / Total 162mb)`;
    const stages = parseStages(
      [
        perf('Load site', '2.26 seconds!'),
        '[build-site] Bundling the site (docusaurus build): 30.1 s',
        perf('Load site', '2.10 seconds!'),
        perf('SSG', '3.10 seconds!'),
        '[build-site] Rendering the pages and running the postBuild steps (docusaurus build): 15.2 s',
      ].join('\n'),
    );
    assert.deepEqual(stages.docusaurus, {'Load site': 4.36, SSG: 3.1});
    assert.deepEqual(stages.buildSite, {docusaurusBundling: 30.1, docusaurusPages: 15.2});
  });

  test("the search index's line since the earlier releases have indexes of their own", () => {
    const stages = parseStages(
      '[search-index] 1343 pages indexed in 1706 files, and 120 pages of 2 earlier releases; written in 26.3 s\n',
    );
    assert.deepEqual(stages.searchIndex, {pages: 1343, files: 1706, s: 26.3, releasePages: 120, releases: 2});
  });

  test('a stage the build did not print is left out, not counted as zero', () => {
    const stages = parseStages('[build-site] Building the site (docusaurus build): 36.3 s\n');
    assert.equal(stages.searchIndex, undefined);
    assert.equal(stages.pageMarkdown, undefined);
    assert.deepEqual(stages.genApi, {});
  });
});

describe('a description grown to ten times its content', () => {
  const description = `
openapi: 3.1.0
info: {title: Orders, version: '1'}
paths:
  /orders/{id}:
    get:
      operationId: getOrder
      summary: Get an order
      responses:
        '200':
          description: The order
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Order'}
webhooks:
  food.order.placed:
    post:
      operationId: orderPlaced
      summary: Order placed
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Order'}
      responses: {'200': {description: Received}}
components:
  schemas:
    Order: {type: object, properties: {item: {$ref: '#/components/schemas/Item'}}}
    Item: {type: object}
`;
  const grown = parse(growDescription(description));

  test('holds every operation, event and schema TIMES times, each copy numbered', () => {
    assert.equal(Object.keys(grown.paths).length, TIMES);
    assert.equal(Object.keys(grown.webhooks).length, TIMES);
    assert.equal(Object.keys(grown.components.schemas).length, 2 * TIMES);
    const copy = grown.paths['/copy-3/orders/{id}'].get;
    assert.equal(copy.operationId, 'getOrderCopy3');
    assert.equal(copy.summary, 'Get an order (copy 3)');
    assert.ok(grown.webhooks['food.order.placed.copy_3']);
  });

  test("a copy's references name the schemas of the same copy", () => {
    const copy = grown.paths['/copy-3/orders/{id}'].get;
    assert.equal(
      copy.responses['200'].content['application/json'].schema.$ref,
      '#/components/schemas/Order_3',
    );
    assert.equal(grown.components.schemas.Order_3.properties.item.$ref, '#/components/schemas/Item_3');
    // The original keeps its own.
    assert.equal(grown.components.schemas.Order.properties.item.$ref, '#/components/schemas/Item');
  });
});

describe('what a served page holds', () => {
  test('the route data in a page is the text of its JSON block, gzipped', () => {
    const data = JSON.stringify({routes: Array.from({length: 50}, (_, k) => ({path: `/docs/page-${k}`}))});
    const html = `<html><head><script type="application/json" id="__route-data">${data}</script></head></html>`;
    const found = routeDataInPage(html);
    assert.equal(found?.bytes, Buffer.byteLength(data));
    assert.ok(found.kbGzip > 0 && found.kbGzip < found.bytes / 1024);
    assert.equal(routeDataInPage('<html><script src="/main.js"></script></html>'), null);
  });
});
