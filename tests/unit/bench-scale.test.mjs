// @ts-check
// `npm run bench:scale` reads the time of each stage from what `npm run build` prints, grows a
// copy of the OpenAPI descriptions to ten times their operations, schemas and events, puts a large
// description in the pet store's place, cuts more releases, reads its options and prints its table,
// and stops a build that leaves the machine too little memory.
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, test} from 'node:test';

import {parse} from 'yaml';

import {growDescription, growGuides, TIMES} from '../../bench/shared/copies.mjs';
import {availableMB, guardMemory} from '../../bench/shared/memory.mjs';
import {
  brokenLinksWarned,
  largeCopy,
  largeDescription,
  relaxLintRules,
  RELAXED_RULES,
} from '../../bench/scale/large.mjs';
import {interleaved, summarise} from '../../bench/scale/lighthouse.mjs';
import {parseOptions, portOf, SIZES, UsageError} from '../../bench/scale/options.mjs';
import {releaseDates, reviseSummary} from '../../bench/scale/releases.mjs';
import {routeDataInPage} from '../../bench/scale/served.mjs';
import {parseStages} from '../../bench/scale/stages.mjs';
import {tableRows} from '../../bench/scale/table.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

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
    '[build-site] Writing the host configuration (scripts/host-config/): 2.1 s',
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

  test("the three processes of one build: the server's and the browser's bundling, added up, and the pages step", () => {
    const stages = parseStages(
      [
        "[build-site] Bundling the site: the server's code (docusaurus build): 12.4 s",
        "[build-site] Bundling the site: the browser's code (docusaurus build): 20.2 s",
        '[build-site] Rendering the pages and running the postBuild steps (docusaurus build): 15.2 s',
      ].join('\n'),
    );
    assert.deepEqual(stages.buildSite, {
      docusaurusBundlingServer: 12.4,
      docusaurusBundlingClient: 20.2,
      docusaurusBundling: 32.6,
      docusaurusPages: 15.2,
    });
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
  const hundredfold = parse(growDescription(description, 100));

  test('holds every operation, event and schema TIMES times, each copy numbered', () => {
    assert.equal(Object.keys(grown.paths).length, TIMES);
    assert.equal(Object.keys(grown.webhooks).length, TIMES);
    assert.equal(Object.keys(grown.components.schemas).length, 2 * TIMES);
    const copy = grown.paths['/copy-3/orders/{id}'].get;
    assert.equal(copy.operationId, 'getOrderCopy3');
    assert.equal(copy.summary, 'Get an order (copy 3)');
    assert.ok(grown.webhooks['food.order.placed.copy_3']);
  });

  test('grows a hundredfold when asked', () => {
    assert.equal(Object.keys(hundredfold.paths).length, 100);
    assert.equal(Object.keys(hundredfold.components.schemas).length, 200);
    assert.equal(hundredfold.paths['/copy-100/orders/{id}'].get.operationId, 'getOrderCopy100');
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

describe('the options of a run', () => {
  test('by default: every copy but 30x, 100x and large-yaml, every part, three runs, each copy on its own port', () => {
    const options = parseOptions([]);
    assert.deepEqual(options.sizes, ['1x', '10x', 'large', 'releases']);
    assert.deepEqual(options.parts, ['build', 'served', 'lighthouse']);
    assert.equal(options.runs, 3);
    assert.equal(options.keep, false);
    assert.deepEqual(
      SIZES.map((size) => portOf(size, options.port)),
      [3390, 3400, 3410, 3420, 3430, 3440, 3450],
    );
  });

  test('a warm rebuild after a guide edit only when named', () => {
    assert.deepEqual(parseOptions(['--parts', 'build,rebuild']).parts, ['build', 'rebuild']);
    assert.equal(parseOptions([]).parts.includes('rebuild'), false);
  });

  test('30x, 100x and large-yaml when named', () => {
    assert.deepEqual(parseOptions(['--sizes', '100x,1x,30x']).sizes, ['1x', '30x', '100x']);
    assert.deepEqual(parseOptions(['--sizes', 'large-yaml,large']).sizes, ['large', 'large-yaml']);
  });

  test('a subset of the copies, in the order they are built whatever the order given', () => {
    const options = parseOptions(['--sizes', 'large, 1x', '--runs', '1', '--keep', '--port', '4000']);
    assert.deepEqual(options.sizes, ['1x', 'large']);
    assert.equal(options.runs, 1);
    assert.equal(options.keep, true);
    assert.equal(portOf('large', options.port), 4040);
  });

  test('an unknown option, copy, part or value is named in one message', () => {
    assert.throws(() => parseOptions(['--size', '1x']), new UsageError('unknown option --size'));
    assert.throws(() => parseOptions(['--sizes', '1x,1000x']), /--sizes takes .*unknown: 1000x/);
    assert.throws(() => parseOptions(['--parts', 'pages']), /--parts takes .*unknown: pages/);
    assert.throws(() => parseOptions(['--runs', '0']), /--runs takes a whole number of at least 1, not "0"/);
    assert.throws(() => parseOptions(['--runs', 'three']), UsageError);
    assert.throws(() => parseOptions(['--runs']), UsageError);
    assert.throws(() => parseOptions(['10x']), /unexpected argument 10x/);
  });

  test('without build, only the grown copy given by --from can be measured', () => {
    assert.throws(
      () => parseOptions(['--parts', 'served']),
      /add build to --parts or leave 1x, 10x, large, releases out/,
    );
    const options = parseOptions(['--parts', 'served,lighthouse', '--sizes', '10x', '--from', '/tmp/x']);
    assert.equal(options.from, '/tmp/x');
    assert.equal(options.fromSize, '10x');
    assert.equal(parseOptions(['--parts', 'served', '--sizes', '100x', '--from', '/tmp/y']).fromSize, '100x');
    // The default sizes hold one grown copy, 10x.
    assert.equal(parseOptions(['--from', '/tmp/x']).fromSize, '10x');
    assert.throws(
      () => parseOptions(['--sizes', '10x,100x', '--from', '/tmp/x']),
      /--from gives one grown copy: name one of 10x, 30x, 100x in --sizes, not 10x and 100x/,
    );
    assert.throws(() => parseOptions(['--sizes', '1x', '--from', '/tmp/x']), /not none/);
  });
});

describe("the large copy: a large description in the pet store's place", () => {
  const description = JSON.stringify({
    openapi: '3.0.3',
    info: {title: 'Large', version: '1'},
    paths: {
      '/repos/{owner}': {get: {summary: 'Get a repository'}, patch: {summary: 'Update a repository'}},
      '/user': {get: {summary: 'Get the user'}, parameters: []},
    },
    'x-webhooks': {push: {post: {summary: 'Push'}}, fork: {post: {summary: 'Fork'}}},
    components: {schemas: {repository: {type: 'object'}}},
  });

  test('holds the description as published, and says what it holds', () => {
    const large = largeDescription(description);
    assert.equal(large.text, description);
    assert.equal(large.operations, 3);
    assert.equal(large.events, 2);
    assert.equal(large.schemas, 1);
  });

  test("turns the rules off for the pet store's API only, each under its reason, the rest as it was", () => {
    const text = readFileSync(path.join(root, 'redocly.yaml'), 'utf8');
    const relaxed = relaxLintRules(text, RELAXED_RULES);
    const config = parse(relaxed);
    const rules = config.apis['petstore@v1'].rules;
    for (const rule of Object.keys(RELAXED_RULES)) assert.equal(rules[rule], 'off', rule);
    assert.equal(rules['operation-operationId'], 'off', 'the rule already off stays off');
    assert.deepEqual(config.apis['food@v1'], parse(text).apis['food@v1']);
    assert.deepEqual(config.rules, parse(text).rules);
    assert.ok(relaxed.startsWith(text.split('\n')[0]), "the file's comments are kept");
    assert.match(relaxed, /# Off in this copy only, .*\n\s+security-defined: off/);
    assert.throws(
      () => relaxLintRules('apis: {}\n', RELAXED_RULES),
      /no longer lints an API named petstore@v1/,
    );
  });

  test('broken links and anchors are warnings; a configuration that no longer throws on them is refused', () => {
    const text = "  onBrokenLinks: 'throw',\n  onBrokenAnchors: 'throw',\n";
    const warned = brokenLinksWarned(text);
    assert.match(warned, /onBrokenLinks: 'warn'/);
    assert.match(warned, /onBrokenAnchors: 'warn'/);
    assert.doesNotMatch(warned, /'throw'/);
    assert.throws(() => brokenLinksWarned("  onBrokenLinks: 'warn',\n"), /onBrokenLinks/);
  });

  /**
   * Makes the large copy of `description` (with `options`) and gives `check` its folder, what was
   * done and what it logged; removes both folders after.
   *
   * @param {{asYaml?: boolean}} options
   * @param {(copy: {folder: string, preparation: any, messages: string[]}) => void} check
   */
  function withLargeCopy(options, check) {
    const scratch = mkdtempSync(path.join(tmpdir(), 'gerai-bench-large-test-'));
    const source = path.join(scratch, 'api.json');
    writeFileSync(source, description);
    /** @type {string[]} */
    const messages = [];
    const {folder, preparation} = largeCopy((message) => messages.push(message), source, options);
    try {
      check({folder, preparation, messages});
    } finally {
      rmSync(folder, {recursive: true, force: true});
      rmSync(scratch, {recursive: true, force: true});
    }
  }

  test('the copy holds the description, the relaxed rules and the warnings, committed', () => {
    withLargeCopy({}, ({folder, preparation, messages}) => {
      const held = parse(readFileSync(path.join(folder, 'openapi', 'petstore.yaml'), 'utf8'));
      assert.equal(held.info.title, 'Large');
      assert.deepEqual(Object.keys(held['x-webhooks']), ['push', 'fork']);
      assert.equal(
        parse(readFileSync(path.join(folder, 'redocly.yaml'), 'utf8')).apis['petstore@v1'].rules[
          'security-defined'
        ],
        'off',
      );
      assert.match(
        readFileSync(path.join(folder, 'docusaurus.config.ts'), 'utf8'),
        /onBrokenAnchors: 'warn'/,
      );
      const status = spawnSync('git', ['status', '--porcelain'], {cwd: folder, encoding: 'utf8'});
      assert.equal(status.stdout, '', 'everything is committed');
      assert.equal(preparation.events, 2);
      assert.ok(
        messages.some((message) => /3 operations, 2 webhook events, 1 schemas\), as published/.test(message)),
      );
    });
  });

  test('written as YAML, the copy holds the same description in block YAML', () => {
    withLargeCopy({asYaml: true}, ({folder, preparation, messages}) => {
      const text = readFileSync(path.join(folder, 'openapi', 'petstore.yaml'), 'utf8');
      assert.doesNotMatch(text, /^\{/, 'not JSON');
      assert.match(text, /^openapi: /m);
      assert.deepEqual(parse(text), JSON.parse(description));
      assert.equal(preparation.written, 'yaml');
      assert.ok(messages.some((message) => /webhook events, 1 schemas\), written as YAML/.test(message)));
    });
  });
});

describe('the releases copy: more releases of the merchant API', () => {
  test('one day apart from the day after the last release, across months and years', () => {
    assert.deepEqual(releaseDates('2026-11-23', 2), ['2026-11-24', '2026-11-25']);
    assert.deepEqual(releaseDates('2026-12-31', 2), ['2027-01-01', '2027-01-02']);
    assert.equal(releaseDates('2026-11-23', 20).at(-1), '2026-12-13');
  });

  const description = [
    'openapi: 3.1.0',
    '# The outlets.',
    'info: {title: Outlets, version: "1"}',
    'paths:',
    '  /outlets:',
    '    parameters: []',
    '    get:',
    '      operationId: getAllOutlets',
    '      summary: Get all outlets',
    '      responses: {"200": {description: OK}}',
    '    post:',
    '      summary: Add an outlet',
    '',
  ].join('\n');

  test("each revision changes the first operation's summary alone, numbered", () => {
    const first = reviseSummary(description, 1);
    assert.equal(first.operation, 'GET /outlets');
    assert.equal(first.summary, 'Get all outlets (rev 1)');
    const second = reviseSummary(first.text, 2);
    assert.equal(second.summary, 'Get all outlets (rev 2)');
    assert.equal(second.text, description.replace('Get all outlets', 'Get all outlets (rev 2)'));
  });

  test('a quoted summary stays valid', () => {
    const quoted = description.replace('summary: Get all outlets', 'summary: "Get: all outlets"');
    const revised = reviseSummary(quoted, 3);
    assert.equal(parse(revised.text).paths['/outlets'].get.summary, 'Get: all outlets (rev 3)');
  });

  test('a description without an operation that has a summary is refused', () => {
    assert.throws(() => reviseSummary('openapi: 3.1.0\npaths: {}\n', 1), /no operation with a summary/);
  });
});

describe('what a served page holds, and the mobile runs', () => {
  test('the route data in a page is the text of its JSON block, gzipped', () => {
    const data = JSON.stringify({routes: Array.from({length: 50}, (_, k) => ({path: `/docs/page-${k}`}))});
    const html = `<html><head><script type="application/json" id="__route-data">${data}</script></head></html>`;
    const found = routeDataInPage(html);
    assert.equal(found?.bytes, Buffer.byteLength(data));
    assert.ok(found.kbGzip > 0 && found.kbGzip < found.bytes / 1024);
    assert.equal(routeDataInPage('<html><script src="/main.js"></script></html>'), null);
  });

  test('the runs are interleaved: each round, every copy, each page', () => {
    assert.deepEqual(
      interleaved(['1x', 'large'], 2).map(({round, size, page}) => `${round} ${size} ${page}`),
      [
        '1 1x guide',
        '1 1x reference',
        '1 large guide',
        '1 large reference',
        '2 1x guide',
        '2 1x reference',
        '2 large guide',
        '2 large reference',
      ],
    );
  });

  test("medians of each page of each copy, without failed runs, and the CPU index's range", () => {
    const run = (size, page, performance, benchmarkIndex) => ({
      size,
      page,
      performance,
      tbtMs: performance * 10,
      lcpMs: 1000,
      benchmarkIndex,
    });
    const summary = summarise([
      run('1x', 'guide', 90, 1500),
      run('1x', 'guide', 80, 1200),
      {size: '1x', page: 'guide', error: 'no page'},
      run('1x', 'guide', 70, 2100),
      run('1x', 'reference', 60, 1800),
    ]);
    assert.deepEqual(summary.bySize['1x'].guide, {performance: 80, tbtMs: 800, lcpMs: 1000, runs: 3});
    assert.equal(summary.bySize['1x'].reference.runs, 1);
    assert.deepEqual(summary.cpuIndex, {min: 1200, max: 2100});
  });
});

describe('the table', () => {
  test('a column per copy, and after each copy but 1x its ratio to 1x', () => {
    const rows = tableRows(
      {
        '1x': {build: {wallS: 60}, served: {mainJsKBGzip: 123.4}},
        '10x': {build: {wallS: 150}, served: {mainJsKBGzip: 123.4}},
        large: {build: {wallS: 300}, error: 'the served pages failed'},
      },
      [
        ['npm run build, wall s', (e) => e.build.wallS],
        ['main.js KB gz', (e) => e.served.mainJsKBGzip],
      ],
    );
    assert.deepEqual(rows, [
      {figure: 'npm run build, wall s', '1x': 60, '10x': 150, '10x ×': 2.5, large: 300, 'large ×': 5},
      {figure: 'main.js KB gz', '1x': 123.4, '10x': 123.4, '10x ×': 1, large: null, 'large ×': null},
    ]);
  });

  test('each stage per thousand pages: a stage that grows as the pages do keeps its figure', () => {
    const entry = (pages, wallS, bundling) => ({
      served: {pages},
      build: {wallS, stages: {docusaurus: {'Bundling with rspack': bundling}}},
    });
    const rows = tableRows({'1x': entry(500, 60, 20), '30x': entry(15_000, 900, 600)}).filter(({figure}) =>
      /per 1,000 pages|^ {2}bundling$/.test(figure),
    );
    assert.deepEqual(
      rows.map(({figure, ...cells}) => [figure, cells]),
      [
        ['s per 1,000 pages: npm run build', {'1x': 120, '30x': 60, '30x ×': 0.5}],
        ['  bundling', {'1x': 40, '30x': 40, '30x ×': 1}],
        ['peak RSS MB per 1,000 pages (largest process)', {'1x': null, '30x': null, '30x ×': null}],
      ],
    );
  });
});

describe("a grown copy's guides", () => {
  test('each hand-written page is copied with its partials, numbered; a page of the whole description is not', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'bench-guides-'));
    try {
      const area = path.join(folder, 'docs', 'api');
      mkdirSync(area, {recursive: true});
      writeFileSync(
        path.join(area, 'auth.mdx'),
        '---\ntitle: Authentication\n---\n\nimport Steps from "./_steps.mdx";\n\n## Tokens\n',
      );
      writeFileSync(path.join(area, '_steps.mdx'), 'Ask for a token.\n');
      writeFileSync(
        path.join(area, 'objects-glossary.mdx'),
        "---\ntitle: Objects glossary\n---\n\nimport Objects from './_objects-glossary.generated.mdx';\n\n<Objects />\n",
      );
      assert.equal(growGuides(folder, 'api', 3), 2, 'one page, in copies 2 and 3');
      const copy = readFileSync(path.join(area, 'copy-3', 'auth.mdx'), 'utf8');
      assert.match(copy, /^title: Authentication \(copy 3\)$/m);
      assert.ok(existsSync(path.join(area, 'copy-3', '_steps.mdx')), 'the partial it imports');
      assert.ok(
        !existsSync(path.join(area, 'copy-2', 'objects-glossary.mdx')),
        'the glossary lists every schema once',
      );
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });
});

describe('the memory guard of a build', () => {
  /** Whether a process still runs (an ended one may stay a zombie until it is reaped). */
  const running = (/** @type {number} */ pid) => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };

  test('stops every process of the group once the machine has less than the floor left, and says so', async () => {
    // A shell with a child of its own, as npm runs the build under GNU time.
    const group = spawn('sh', ['-c', 'sleep 30 & echo $!; wait'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const grandchild = Number(await new Promise((resolve) => group.stdout.once('data', resolve)));
    let readings = 0;
    const guard = guardMemory(group.pid, {
      floorMB: 1024,
      everyMs: 20,
      available: () => (++readings < 3 ? 4096 : 512),
    });
    const ended = await new Promise((resolve) => group.on('exit', (_code, signal) => resolve(signal)));
    guard.stop();
    assert.equal(ended, 'SIGKILL');
    assert.match(
      guard.stopped(),
      /^stopped at \d+ s: the machine had 512 MB of memory left \(floor 1024 MB\)$/,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(running(grandchild), false, "the group's other process is stopped too");
  });

  test('leaves a command alone while the machine has enough, and reads what it has', async () => {
    const group = spawn('sh', ['-c', 'sleep 0.2'], {detached: true, stdio: 'ignore'});
    const guard = guardMemory(group.pid, {floorMB: 1024, everyMs: 20, available: () => 4096});
    const code = await new Promise((resolve) => group.on('exit', resolve));
    guard.stop();
    assert.equal(code, 0);
    assert.equal(guard.stopped(), '');
    assert.ok(availableMB() > 0, 'the machine says how much memory it has available');
  });
});
