// @ts-check
// The route data of the pages (src/plugins/route-data) as the build makes it, without a build: the
// key of an address, the cut of a docs sidebar for one page (of a long list, of a long list of
// cards), the browser's loads of what the cut left out, the runtime without its tables, the
// generated route tree and the compiled registry as they are read, and a small site's route data.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {bucketBits, routeKey, routeFileName, LAZY_BLOCK, LAZY_CATEGORY} = jiti(
  './src/plugins/route-data/key.ts',
);
const {LONG_LIST, sidebarWindow, WINDOW_BLOCK} = jiti('./src/plugins/route-data/sidebar-window.ts');
const {CARD_BLOCK, cardWindow, LONG_CARD_LIST, moreCards} = jiti('./src/plugins/route-data/card-window.ts');
const views = jiti('./src/plugins/route-data/client/views.ts');
const {cutSidebar, docsView, isVersionProps} = jiti('./src/plugins/route-data/docs-view.ts');
const {compileRouteData, readCompiledRegistry, readGeneratedRoutes} = jiti(
  './src/plugins/route-data/compile.ts',
);
const {runtimeWithoutRoutes} = jiti('./src/plugins/route-data/index.ts');
const {jsonBlock} = jiti('./src/plugins/route-data/html.ts');

describe('the key of an address', () => {
  test('is the same for the forms the router takes for one page', () => {
    for (const address of [
      '/Docs/Docs/Intro',
      '/docs/docs/intro/',
      '/docs/docs/intro?x=1#top',
      '/docs/docs/intro',
    ]) {
      assert.equal(routeKey(address), '/docs/docs/intro');
    }
    assert.equal(routeKey('/'), '/');
    assert.equal(routeKey(''), '/');
    assert.equal(routeKey('/caf%C3%A9'), '/café');
  });

  test('keeps a malformed escape as it is, which no page has', () => {
    assert.equal(routeKey('/docs/%E0%A4'), '/docs/%e0%a4');
  });

  test('names one of 2^bits files, the same every time', () => {
    assert.match(routeFileName('/docs/docs/intro', 12), /^[0-9a-f]{3}\.json$/);
    assert.match(routeFileName('/docs/docs/intro', 10), /^[0-3][0-9a-f]{2}\.json$/);
    assert.equal(routeFileName('/docs/docs/intro', 12), routeFileName('/docs/docs/intro', 12));
    assert.notEqual(routeFileName('/docs/docs/intro', 12), routeFileName('/docs/docs/remarks', 12));
  });

  test('has as many files as pages, or more, between 2^8 and 2^20', () => {
    assert.equal(bucketBits(0), 8);
    assert.equal(bucketBits(286), 9);
    assert.equal(bucketBits(1086), 11);
    assert.equal(bucketBits(1e9), 20);
  });
});

const link = (href, extra = {}) => ({type: 'link', href, label: href, ...extra});
const category = (label, items, extra = {}) => ({
  type: 'category',
  label,
  collapsible: true,
  collapsed: true,
  items,
  ...extra,
});

/**
 * A category of `count` pages, /docs/long/0 to /docs/long/<count - 1> (docs long/0 to
 * long/<count - 1>), with a page of its own.
 */
const long = (count) =>
  category(
    'Long',
    Array.from({length: count}, (_, k) => link(`/docs/long/${k}`, {docId: `long/${k}`})),
    {href: '/docs/category/long'},
  );

describe('the sidebar of one page', () => {
  /** @type {{type: string, label?: string, href?: string, items?: object[]}[]} links and categories */
  const sidebar = [
    link('/docs/intro', {docId: 'intro'}),
    category('Open', [
      link('/docs/open/a', {docId: 'open/a'}),
      category('Inner', [link('/docs/open/inner/b')]),
    ]),
    category('Closed', [
      link('/docs/closed/a', {unlisted: true}),
      link('/docs/closed/b'),
      link('/docs/closed/c'),
    ]),
    category('Own page', [link('/docs/own/a')], {href: '/docs/category/own'}),
    category('Text only', [{type: 'html', value: '<b>Soon</b>'}]),
    category('Not collapsible', [link('/docs/fixed/a')], {collapsible: false}),
    category('Open by default', [link('/docs/default/a')], {collapsed: false}),
  ];

  test('keeps the categories the page shows open, and leaves each closed one a placeholder', () => {
    const files = new Map();
    const cut = cutSidebar(sidebar, '/docs/open/a', files);
    const byLabel = Object.fromEntries(
      cut.filter((item) => item.type === 'category').map((item) => [item.label, item]),
    );
    // Open: it holds the page. Its closed child is cut in turn.
    assert.equal(byLabel.Open.items[0].href, '/docs/open/a');
    assert.ok(byLabel.Open.items[1].items[0].customProps[LAZY_CATEGORY]);
    // Closed: one placeholder, whose link is the category's first listed link, counting all items.
    const [placeholder] = byLabel.Closed.items;
    assert.equal(byLabel.Closed.items.length, 1);
    assert.equal(placeholder.type, 'link');
    assert.equal(placeholder.href, '/docs/closed/b');
    assert.equal(placeholder.customProps[LAZY_CATEGORY].count, 3);
    assert.deepEqual(files.get(placeholder.customProps[LAZY_CATEGORY].file), sidebar[2].items);
    // A category with a page of its own keeps that page as its address.
    assert.equal(byLabel['Own page'].href, '/docs/category/own');
    assert.ok(byLabel['Own page'].items[0].customProps[LAZY_CATEGORY]);
    // Without a link inside, nothing but its items tells that the category is shown: kept.
    assert.deepEqual(byLabel['Text only'].items, sidebar[4].items);
    // Shown open whatever the page: kept.
    assert.deepEqual(byLabel['Not collapsible'].items, sidebar[5].items);
    assert.deepEqual(byLabel['Open by default'].items, sidebar[6].items);
  });

  test('writes each closed category once, with its own closed categories cut as with no page open', () => {
    const files = new Map();
    cutSidebar(sidebar, '/docs/intro', files);
    const inner = [...files.values()].find((items) => items[0]?.href === '/docs/open/a');
    assert.ok(inner, 'the items of "Open", closed on this page, have a file');
    assert.ok(inner[1].items[0].customProps[LAZY_CATEGORY], 'its "Inner" category is cut in that file');
    cutSidebar(sidebar, '/docs/intro', files);
    assert.equal(files.size, new Set(files.keys()).size);
  });

  test('holds the docs a list of cards on the page describes, and only then', () => {
    const version = {
      pluginId: 'default',
      version: 'current',
      docsSidebars: {main: sidebar},
      docs: {
        intro: {id: 'intro', title: 'Intro', description: 'The start'},
        'open/a': {id: 'open/a', title: 'A', description: 'Open A'},
      },
    };
    assert.deepEqual(Object.keys(docsView(version, 'main', '/docs/open/a', true, new Map()).docs), [
      'open/a',
    ]);
    assert.deepEqual(docsView(version, 'main', '/docs/open/a', false, new Map()).docs, {});
    assert.equal(docsView(version, 'other', '/docs/open/a', true, new Map()), undefined);
    assert.ok(isVersionProps({version}));
    assert.equal(isVersionProps({version: {label: 'Next'}}), false);
  });
});

describe('a long list of a sidebar', () => {
  const sidebar = (count) => [link('/docs/intro'), long(count)];

  test('a list of LONG_LIST items or fewer is drawn whole', () => {
    assert.equal(
      sidebarWindow(LONG_LIST, () => 59),
      undefined,
    );
    assert.ok(sidebarWindow(LONG_LIST + 1, () => 59));
  });

  test("a longer one draws the block holding the page's item and the blocks either side", () => {
    assert.deepEqual(
      sidebarWindow(200, () => 0),
      {start: 0, end: 2 * WINDOW_BLOCK},
    );
    assert.deepEqual(
      sidebarWindow(200, () => 110),
      {start: 100, end: 130},
    );
    assert.deepEqual(
      sidebarWindow(200, () => 199),
      {start: 180, end: 200},
    );
    // No item of the list is the page: its first blocks.
    assert.deepEqual(
      sidebarWindow(200, () => -1),
      {start: 0, end: 2 * WINDOW_BLOCK},
    );
  });

  test('the route data keeps the window, and a placeholder for each block outside it', () => {
    const files = new Map();
    // The page's address as the theme compares it: without regard to case or a trailing slash.
    const [, cut] = cutSidebar(sidebar(200), '/docs/Long/110/', files);
    const blocks = cut.items.filter((item) => item.customProps?.[LAZY_BLOCK]);
    // 100 items before the window, 70 after: ten blocks and seven.
    assert.equal(blocks.length, 17);
    assert.equal(cut.items.length, 17 + 30);
    assert.deepEqual(
      cut.items.slice(10, 40).map((item) => item.href),
      Array.from({length: 30}, (_, k) => `/docs/long/${100 + k}`),
    );
    const [first] = blocks;
    assert.deepEqual(first.customProps[LAZY_BLOCK], {
      file: first.customProps[LAZY_BLOCK].file,
      count: 10,
      href: '/docs/long/0',
    });
    assert.deepEqual(files.get(first.customProps[LAZY_BLOCK].file), long(200).items.slice(0, 10));
    // The pages of the list share the files of the blocks they leave out.
    const before = files.size;
    cutSidebar(sidebar(200), '/docs/long/111', files);
    assert.equal(files.size, before);
  });

  test("the category's own page, and a page of cards, keep the list whole", () => {
    const own = cutSidebar(sidebar(200), '/docs/category/long', new Map())[1];
    assert.equal(own.items.length, 200);
    const cards = cutSidebar(sidebar(200), '/docs/long/110', new Map(), {})[1];
    assert.equal(cards.items.length, 200);
  });
});

describe('a long list of cards', () => {
  const version = (count) => ({
    pluginId: 'default',
    version: 'current',
    docsSidebars: {main: [link('/docs/intro', {docId: 'intro'}), long(count)]},
    docs: Object.fromEntries(
      [{id: 'intro'}, ...Array.from({length: count}, (_, k) => ({id: `long/${k}`}))].map((doc) => [
        doc.id,
        {...doc, title: doc.id, description: `About ${doc.id}`},
      ]),
    ),
  });
  /** The view of the category's page of cards, and the files the cut writes. */
  const categoryPage = (count) => {
    const files = new Map();
    const view = docsView(version(count), 'main', '/docs/category/long', true, files);
    return {view, files, items: view.items[1].items};
  };

  test('a list of LONG_CARD_LIST items or fewer is drawn whole; a longer one, a block at a time', () => {
    assert.equal(cardWindow(LONG_CARD_LIST), undefined);
    assert.equal(cardWindow(LONG_CARD_LIST + 1), CARD_BLOCK);
    assert.equal(moreCards(CARD_BLOCK, 1000), 2 * CARD_BLOCK);
    assert.equal(moreCards(CARD_BLOCK, CARD_BLOCK + 1), CARD_BLOCK + 1);
    // The cards left out are the sidebar's blocks, and the sidebar's window on the category's page
    // (around none of its items: its first blocks) is among the cards kept.
    assert.equal(CARD_BLOCK % WINDOW_BLOCK, 0);
    assert.ok(sidebarWindow(1000, () => -1).end <= CARD_BLOCK);
  });

  test('a short list keeps every item and every doc, as before', () => {
    const {view, files} = categoryPage(LONG_CARD_LIST);
    assert.deepEqual(view.items[1].items, long(LONG_CARD_LIST).items);
    assert.equal(Object.keys(view.docs).length, LONG_CARD_LIST);
    assert.equal(files.size, 0);
  });

  test("the category's page keeps the cards it draws first, and a placeholder for each block after", () => {
    const {view, items, files} = categoryPage(200);
    assert.deepEqual(items.slice(0, CARD_BLOCK), long(200).items.slice(0, CARD_BLOCK));
    const blocks = items.slice(CARD_BLOCK);
    assert.equal(blocks.length, (200 - CARD_BLOCK) / WINDOW_BLOCK);
    assert.ok(blocks.every((item) => item.customProps?.[LAZY_BLOCK]));
    // Only the docs of the cards drawn first are in the page's data.
    assert.deepEqual(
      Object.keys(view.docs),
      Array.from({length: CARD_BLOCK}, (_, k) => `long/${k}`),
    );
    // Each block names its items' file and the file of the docs its cards describe.
    const [first] = blocks;
    const lazy = first.customProps[LAZY_BLOCK];
    assert.equal(lazy.count, WINDOW_BLOCK);
    assert.equal(lazy.href, `/docs/long/${CARD_BLOCK}`);
    assert.deepEqual(files.get(lazy.file), long(200).items.slice(CARD_BLOCK, CARD_BLOCK + WINDOW_BLOCK));
    assert.deepEqual(
      Object.keys(files.get(lazy.docs)),
      Array.from({length: WINDOW_BLOCK}, (_, k) => `long/${CARD_BLOCK + k}`),
    );
    assert.equal(files.get(lazy.docs)[`long/${CARD_BLOCK}`].description, `About long/${CARD_BLOCK}`);
  });

  test("the page's data does not grow with the category", () => {
    const size = (count) => {
      const {view, items} = categoryPage(count);
      return {items: items.length, docs: Object.keys(view.docs).length};
    };
    assert.deepEqual(size(10 * LONG_CARD_LIST), {
      items: CARD_BLOCK + (10 * LONG_CARD_LIST - CARD_BLOCK) / WINDOW_BLOCK,
      docs: CARD_BLOCK,
    });
    // The placeholders still grow, a tenth as fast: 1,301 items are 60 cards and 125 placeholders.
    assert.equal(size(1301).docs, CARD_BLOCK);
  });

  test("the category's other pages share the files of the blocks its page of cards leaves out", () => {
    const {items} = categoryPage(200);
    const files = new Map();
    cutSidebar(version(200).docsSidebars.main, '/docs/long/5', files);
    // Page 5's window is the first two blocks; it leaves out every block the cards leave out.
    for (const item of items.slice(CARD_BLOCK)) assert.ok(files.has(item.customProps[LAZY_BLOCK].file));
  });

  test('a page of cards beside the long list keeps it whole', () => {
    const files = new Map();
    const view = docsView(version(200), 'main', '/docs/long/110', true, files);
    assert.equal(view.items[1].items.length, 200);
    assert.equal(Object.keys(view.docs).length, 200);
  });
});

describe('the cut of every page of a build', () => {
  // A closed category of 12 pages, and a long list of 200 whose pages draw a window of it each.
  const sidebar = () => [
    category(
      'Closed',
      Array.from({length: 12}, (_, k) => link(`/docs/closed/${k}`)),
    ),
    category(
      'Long',
      Array.from({length: 200}, (_, k) => link(`/docs/long/${k}`)),
      {collapsed: false},
    ),
  ];
  const pages = ['/docs/long/5', '/docs/long/95', '/docs/long/150', '/docs/closed/3'];

  test('is what each page cut alone would be, and files the same files', () => {
    const items = sidebar();
    const shared = new Map();
    for (const page of pages) {
      const alone = new Map();
      assert.deepEqual(cutSidebar(items, page, shared), cutSidebar(items, page, alone), page);
      for (const [name, content] of alone) assert.deepEqual(shared.get(name), content, `${page}: ${name}`);
    }
  });

  test('cuts a category drawn closed and a block outside a window once, for every page', () => {
    const items = sidebar();
    const files = new Map();
    const [first, second] = ['/docs/long/5', '/docs/long/150'].map((page) => cutSidebar(items, page, files));
    // The closed category's placeholder, and the blocks both pages leave out (100 to 139), are the same objects.
    assert.equal(first[0].items[0].customProps[LAZY_CATEGORY], second[0].items[0].customProps[LAZY_CATEGORY]);
    const block = (cut, start) =>
      cut[1].items.find((item) => item.customProps?.[LAZY_BLOCK]?.href === `/docs/long/${start}`);
    assert.ok(block(first, 100));
    assert.equal(block(first, 100), block(second, 100));
  });
});

describe("the browser's loads of blocks", () => {
  test("loads a block's items and its cards' docs once each, and again after a failure", async () => {
    const asked = [];
    let failing = true;
    views.setCategoryLoader(async (file) => {
      asked.push(file);
      if (file === 'docs.json' && failing) {
        failing = false;
        throw new Error('offline');
      }
      return file === 'docs.json' ? {a: {id: 'a'}} : [link('/docs/a', {docId: 'a'})];
    });
    const block = {file: 'items.json', count: 1, href: '/docs/a', docs: 'docs.json'};
    assert.equal(views.loadedCategory(block), undefined);
    assert.equal(views.loadedCardDocs(block), undefined);
    await assert.rejects(views.loadCardDocs(block));
    assert.deepEqual(await views.loadCardDocs(block), {a: {id: 'a'}});
    assert.equal((await views.loadCategory(block))[0].href, '/docs/a');
    await views.loadCategory(block);
    assert.deepEqual(asked, ['docs.json', 'docs.json', 'items.json']);
    assert.equal(views.loadedCategory(block)[0].href, '/docs/a');
    assert.deepEqual(views.loadedCardDocs(block), {a: {id: 'a'}});
    // A block whose cards describe no doc has no docs to load.
    assert.deepEqual(views.loadedCardDocs({file: 'x.json', count: 1, href: '/x'}), {});
  });
});

describe('the runtime without the routes', () => {
  const runtime = [
    '__webpack_require__.u = (chunkId) => {',
    '  // return url for filenames based on template',
    '  return "assets/js/" + chunkId + "." + {"12": "aaaaaaaa","345": "bbbbbbbb","6789": "cccccccc",}[chunkId] + ".js"',
    '}',
    '__webpack_require__.gca = function(chunkId) { chunkId = {"ab12cd34":"12","route-registry":"345"}[chunkId]||chunkId; return __webpack_require__.p + __webpack_require__.u(chunkId); };',
    '__webpack_require__.p = "/";',
  ].join('\n');

  test("keeps the files of the chunks that are no page's, and drops the table of chunk names", () => {
    const cut = runtimeWithoutRoutes(runtime, (id) => id === '345');
    assert.match(cut, /\{"12":"aaaaaaaa","6789":"cccccccc"\}\[chunkId\]/);
    assert.doesNotMatch(cut, /gca|route-registry|bbbbbbbb/);
    assert.match(cut, /__webpack_require__\.p = "\/";/);
  });

  test('says so when the runtime no longer has the shape it cuts', () => {
    assert.throws(() => runtimeWithoutRoutes('__webpack_require__.u = (id) => id;', () => false), /no table/);
    assert.throws(
      () => runtimeWithoutRoutes(runtime.replace(/^__webpack_require__\.gca.*$/m, ''), () => false),
      /no longer has Docusaurus's __webpack_require__\.gca/,
    );
  });
});

const GENERATED_ROUTES = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/',
    component: ComponentCreator('/', 'e5f'),
    exact: true
  },
  {
    path: '/docs',
    component: ComponentCreator('/docs', 'a01'),
    routes: [
      {
        path: '/docs/intro',
        component: ComponentCreator('/docs/intro', 'b02'),
        exact: true,
        sidebar: "main"
      },
      {
        path: '/docs/open/a',
        component: ComponentCreator('/docs/open/a', 'c03'),
        exact: true,
        sidebar: "main"
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;

/** A registry chunk as the bundler compiles it: each loader asks for chunks, then a module. */
const COMPILED_REGISTRY = `"use strict";(self.webpackChunksite=self.webpackChunksite||[]).push([["900"],{11(e,t,n){n.r(t),n.d(t,{default:()=>r});let r={
"home":[()=>Promise.all([n.e("1"),n.e("2")]).then(n.bind(n,101)),"@site/src/pages/index.tsx",101],
"root":[()=>n.e("3").then(n.bind(n,102)),"@theme/DocRoot",102],
"props":[()=>n.e("4").then(n.t.bind(n,103,19)),"@generated/docs/p/version.json",103],
"item":[()=>Promise.resolve().then(n.bind(n,104)),"@theme/DocItem",104],
"intro":[()=>n.e("5").then(n.bind(n,105)),"@site/docs/intro.mdx",105],
"open-a":[()=>n.e("6").then(n.bind(n,106)),"@site/docs/open/a.mdx",106]}}}]);`;

describe('what the build reads', () => {
  test('the generated route tree, its components read as their arguments', () => {
    const routes = readGeneratedRoutes(GENERATED_ROUTES);
    assert.deepEqual(routes[0], {path: '/', component: {path: '/', hash: 'e5f'}, exact: true});
    assert.equal(routes[1].routes[0].sidebar, 'main');
    assert.deepEqual(routes[2].component, {path: '*', hash: undefined});
    assert.throws(() => readGeneratedRoutes('module.exports = []'), /no longer has `export default`/);
  });

  test('the compiled registry: the chunks and the module each chunk name loads', async () => {
    const registry = await readCompiledRegistry(COMPILED_REGISTRY, 'webpackChunksite');
    assert.deepEqual(registry.get('home'), {
      load: [101, ['1', '2']],
      modulePath: '@site/src/pages/index.tsx',
    });
    assert.deepEqual(registry.get('props').load, [103, ['4'], 19]);
    assert.deepEqual(registry.get('item').load, [104, []]);
    await assert.rejects(
      readCompiledRegistry('self.webpackChunksite=[]', 'webpackChunksite'),
      /holds no entries/,
    );
  });
});

describe('the route data of a small site', async () => {
  const version = {
    pluginId: 'default',
    version: 'current',
    docsSidebars: {
      main: [
        link('/docs/intro', {docId: 'intro'}),
        category('Open', [link('/docs/open/a', {docId: 'open/a'})]),
      ],
    },
    docs: {intro: {id: 'intro', title: 'Intro'}, 'open/a': {id: 'open/a', title: 'A'}},
  };
  const data = compileRouteData({
    baseUrl: '/',
    routes: readGeneratedRoutes(GENERATED_ROUTES),
    chunkNames: {
      '/-e5f': {__comp: 'home'},
      '/docs-a01': {__comp: 'root', __props: 'props'},
      '/docs/intro-b02': {__comp: 'item', content: 'intro'},
      '/docs/open/a-c03': {__comp: 'item', content: 'open-a'},
    },
    registry: await readCompiledRegistry(COMPILED_REGISTRY, 'webpackChunksite'),
    // Chunk 2 holds styles only: it has no script.
    chunkFiles: new Map(
      ['1', '2', '3', '4', '5', '6', '7'].map((id) => [
        id,
        id === '2' ? undefined : `assets/js/${id}.0000.js`,
      ]),
    ),
    loadedLater: (name) => (name === 'intro' ? ['7'] : []),
    globalData: {
      'docusaurus-plugin-content-docs': {
        default: {
          versions: [
            {
              name: 'current',
              docs: [
                {id: 'intro', path: '/docs/intro', sidebar: 'main'},
                {id: 'open/a', path: '/docs/open/a', sidebar: 'main'},
              ],
            },
          ],
        },
      },
    },
    readModule: (modulePath) => (modulePath === '@generated/docs/p/version.json' ? {version} : undefined),
    showsCards: () => false,
  });

  test('holds each page under its key, with the routes from the top of the tree to it', () => {
    assert.deepEqual([...data.pages.keys()].sort(), ['/', '/docs/intro', '/docs/open/a']);
    const intro = data.pages.get('/docs/intro');
    assert.deepEqual(
      intro.routes.map(({key, parent, order, nested}) => ({key, parent, order, nested})),
      [
        {key: '/docs-a01', parent: null, order: 1, nested: true},
        {key: '/docs/intro-b02', parent: '/docs-a01', order: 0, nested: undefined},
      ],
    );
    assert.deepEqual(intro.routes[1].attributes, {sidebar: 'main'});
  });

  test('says how to load each chunk name, and the file of each chunk that has a script', () => {
    const intro = data.pages.get('/docs/intro');
    assert.deepEqual(Object.keys(intro.modules).sort(), ['intro', 'item', 'props', 'root']);
    // Chunk 7 is what the page's content loads later by itself: its file is known, not loaded first.
    assert.deepEqual(Object.keys(intro.files).sort(), ['3', '4', '5', '7']);
    assert.deepEqual(intro.modules.intro, [105, ['5']]);
    assert.deepEqual(Object.keys(data.always.files), ['1'], 'chunk 2, of styles only, has no file');
  });

  test("holds the page's doc and its docs view", () => {
    const intro = data.pages.get('/docs/intro');
    assert.deepEqual(intro.docs, [
      {plugin: 'default', version: 'current', id: 'intro', path: '/docs/intro', sidebar: 'main'},
    ]);
    assert.equal(intro.view.sidebar, 'main');
    assert.ok(intro.view.items[1].items[0].customProps[LAZY_CATEGORY], 'the closed "Open" category is cut');
    assert.equal(data.pages.get('/docs/open/a').view.items[1].items[0].href, '/docs/open/a');
  });

  test('knows the home page from the start, and names its folder after its content', () => {
    assert.deepEqual(
      data.always.routes.map((route) => route.key),
      ['/-e5f'],
    );
    assert.match(data.build, /^[0-9a-f]{10}$/);
    // Every file of the 2^8 is written, empty where no page falls: any address gets an answer.
    assert.equal(data.files.size, 256);
    assert.equal([...data.files.values()].filter((file) => Object.keys(file).length > 0).length, 3);
  });
});

test('the data written into a page cannot end its script element', () => {
  const block = jsonBlock({
    folder: 'assets/route-data/x',
    always: {routes: [], modules: {}, files: {}},
    page: {key: '</script><b>', data: {routes: [], modules: {}, files: {}}},
  });
  assert.equal(block.match(/<\/script>/g).length, 1);
  assert.match(block, /\\u003c\/script>/);
});
