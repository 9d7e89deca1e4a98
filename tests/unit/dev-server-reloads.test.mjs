// @ts-check
// `docusaurus start` reloads a plugin when one of its files is saved. Patched
// (patches/@docusaurus+core+3.10.2.patch), the reloads run one at a time: files saved together
// (a git checkout, the generator's output) make one more reload of their plugin, not one each
// side by side, and the site kept is the one the last reload made; and a save that changes nothing
// of a doc's metadata (src/plugins/dev-server/needless-reload.cjs) reloads nothing. Docusaurus's
// reload is replaced here by one that records what it was asked, so only the queue is under test;
// the filter is held to docs whose metadata the docs plugin's own code made. And under the
// development server (patches/@docusaurus+plugin-content-docs+3.10.2.patch), a reload keeps the
// metadata of every doc whose file is as it was, processes the saved one again, and validates a
// sidebar item only once (still refusing an invalid one).
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import {setTimeout as sleep} from 'node:timers/promises';

const require = createRequire(import.meta.url);
/** @type {any} */
const site = require('@docusaurus/core/lib/server/site');
const {createReloadableSite} = require('@docusaurus/core/lib/commands/start/utils');
const {needless} = require('../../src/plugins/dev-server/needless-reload.cjs');
const {DEFAULT_OPTIONS} = require('@docusaurus/plugin-content-docs/lib/options.js');
// Given only what a doc of this test needs.
const {processDocMetadata, readDocFile} = /** @type {any} */ (
  require('@docusaurus/plugin-content-docs/lib/docs.js')
);
const {validateSidebars} = /** @type {any} */ (
  require('@docusaurus/plugin-content-docs/lib/sidebars/validation.js')
);

const siteDir = mkdtempSync(path.join(tmpdir(), 'gerai-reloads-'));
after(() => rmSync(siteDir, {recursive: true, force: true}));

/** A port nobody listens on, so that Docusaurus does not ask for another. */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const {port} = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

/** @returns {any} a plugin as the watcher gives it, as far as the reload reads it */
const plugin = (name) => ({name, options: {id: 'default'}});

test('reloads of plugins run one at a time, and files saved meanwhile make one more reload', async () => {
  const calls = [];
  let running = 0;
  let most = 0;
  site.loadSite = async () => ({props: {baseUrl: '/', siteConfig: {future: {}}}, generation: 0});
  site.reloadSitePlugin = async (current, {name}) => {
    running += 1;
    most = Math.max(most, running);
    calls.push(name);
    await sleep(100);
    running -= 1;
    return {...current, generation: current.generation + 1, last: name};
  };
  /** @type {any} */
  const reloadable = await createReloadableSite({
    siteDirParam: siteDir,
    cliOptions: {host: '127.0.0.1', port: String(await freePort())},
  });

  const docs = plugin('docusaurus-plugin-content-docs');
  const blog = plugin('docusaurus-plugin-content-blog');
  // Five docs saved at once, then a post, while the first reload runs.
  const reloads = [docs, docs, docs, docs, docs, blog].map((saved) => reloadable.reloadPlugin(saved));
  // A doc saved while the second reload of the docs runs.
  await sleep(150);
  reloads.push(reloadable.reloadPlugin(docs));
  await Promise.all(reloads);

  assert.equal(most, 1, 'two reloads ran at once');
  assert.deepEqual(calls, [docs.name, docs.name, blog.name, docs.name]);
  // Each reload started from the site the one before made.
  assert.equal(reloadable.get().generation, 4);
  assert.equal(reloadable.get().last, docs.name);

  // Once the queue is empty, the next save reloads at once.
  await reloadable.reloadPlugin(blog);
  assert.deepEqual(calls.at(-1), blog.name);
  assert.equal(reloadable.get().generation, 5);
});

test('a save the filter calls needless reloads nothing, unless a reload runs or waits', async () => {
  const calls = [];
  site.loadSite = async () => ({props: {baseUrl: '/', siteConfig: {future: {}}}});
  site.reloadSitePlugin = async (current, {name}) => {
    calls.push(name);
    await sleep(100);
    return current;
  };
  const filter = path.join(siteDir, 'filter.cjs');
  // Calls a save of body.mdx needless, any other save not.
  writeFileSync(filter, "exports.needless = async ({event}) => event.path === 'body.mdx';\n");
  process.env.GERAI_RELOAD_FILTER = filter;
  try {
    /** @type {any} */
    const reloadable = await createReloadableSite({
      siteDirParam: siteDir,
      cliOptions: {host: '127.0.0.1', port: String(await freePort())},
    });
    const docs = plugin('docusaurus-plugin-content-docs');
    const change = (file) => ({name: 'change', path: file});

    await reloadable.reloadPlugin(docs, change('body.mdx'));
    assert.deepEqual(calls, [], 'a needless save reloaded');
    await reloadable.reloadPlugin(docs, change('title.mdx'));
    assert.deepEqual(calls, [docs.name]);

    // While a reload runs, its site may not be the files' any more: the save is reloaded.
    const running = reloadable.reloadPlugin(docs, change('title.mdx'));
    await sleep(20);
    await Promise.all([running, reloadable.reloadPlugin(docs, change('body.mdx'))]);
    assert.deepEqual(calls, [docs.name, docs.name, docs.name]);
  } finally {
    delete process.env.GERAI_RELOAD_FILTER;
  }
});

describe('needless-reload.cjs: whether a saved doc changes its metadata', () => {
  const docsDir = path.join(siteDir, 'docs');
  const parseFrontMatter = (params) => params.defaultParseFrontMatter(params);
  const versionMetadata = {
    versionName: 'current',
    path: '/docs',
    contentPath: docsDir,
    tagsPath: '/docs/tags',
  };
  const plugin = {name: 'docusaurus-plugin-content-docs', options: {id: 'default'}};
  const original = [
    '---',
    'sidebar_position: 2',
    '---',
    '',
    '# Getting started',
    '',
    'The first paragraph, which is the description.',
    '',
    'A later paragraph.',
    '',
  ].join('\n');

  /** The site as Docusaurus loaded it: the doc's metadata made by the docs plugin from `text`. */
  const loadedWith = async (text) => {
    mkdirSync(docsDir, {recursive: true});
    writeFileSync(path.join(docsDir, 'guide.mdx'), text);
    const doc = await processDocMetadata({
      docFile: await readDocFile(versionMetadata, 'guide.mdx'),
      versionMetadata,
      context: {
        siteDir,
        siteConfig: {markdown: {parseFrontMatter}, future: {experimental_vcs: undefined}},
        i18n: {currentLocale: 'en'},
      },
      options: {...DEFAULT_OPTIONS, tags: null},
      env: 'development',
      tagsFile: null,
    });
    return {
      props: {
        siteDir,
        siteConfig: {markdown: {parseFrontMatter}},
        plugins: [{...plugin, content: {loadedVersions: [{docs: [doc]}]}}],
      },
    };
  };
  /** Whether saving `text` over the loaded doc is needless. */
  const saving = async (text, event = {name: 'change', path: 'docs/guide.mdx'}) => {
    const loaded = await loadedWith(original);
    writeFileSync(path.join(docsDir, 'guide.mdx'), text);
    return needless({site: loaded, plugin, event});
  };

  test('a paragraph added or mended below the first changes nothing', async () => {
    assert.equal(await saving(`${original}\nA sentence added at the end.\n`), true);
    assert.equal(await saving(original.replace('A later', 'A mended later')), true);
  });

  test('the title, the description or the front matter changed reloads', async () => {
    assert.equal(await saving(original.replace('# Getting started', '# Start here')), false);
    assert.equal(await saving(original.replace('The first paragraph', 'The opening paragraph')), false);
    assert.equal(await saving(original.replace('sidebar_position: 2', 'sidebar_position: 3')), false);
    assert.equal(await saving(original.replace('---\n\n', 'description: Set here.\n---\n\n')), false);
  });

  test('a new file, a file that is no doc, another plugin, broken front matter: reloads', async () => {
    assert.equal(await saving(original, {name: 'add', path: 'docs/guide.mdx'}), false);
    assert.equal(await saving(original, {name: 'change', path: 'docs/_partial.mdx'}), false);
    assert.equal(await saving(original, {name: 'change', path: 'docs/sidebars.ts'}), false);
    assert.equal(await saving(original.replace('sidebar_position: 2', 'sidebar_position: [')), false);
    const other = {name: 'docusaurus-plugin-content-docs', options: {id: 'api'}};
    assert.equal(
      await needless({
        site: await loadedWith(original),
        plugin: other,
        event: {name: 'change', path: 'docs/guide.mdx'},
      }),
      false,
    );
  });
});

describe("the docs plugin's metadata of a doc, under the development server", () => {
  const docsDir = path.join(siteDir, 'kept-docs');
  const versionMetadata = {
    versionName: 'current',
    path: '/docs',
    contentPath: docsDir,
    tagsPath: '/docs/tags',
  };
  const parseFrontMatter = (params) => params.defaultParseFrontMatter(params);
  const context = {
    siteDir,
    siteConfig: {markdown: {parseFrontMatter}, future: {experimental_vcs: undefined}},
    i18n: {currentLocale: 'en'},
  };
  const options = {...DEFAULT_OPTIONS, tags: null};

  /** The metadata the docs plugin makes of guide.mdx, as a reload does: saved with `text` first, if given. */
  const processed = async (text, given = {}) => {
    mkdirSync(docsDir, {recursive: true});
    if (text !== undefined) writeFileSync(path.join(docsDir, 'guide.mdx'), text);
    return processDocMetadata({
      docFile: await readDocFile(versionMetadata, 'guide.mdx'),
      versionMetadata,
      context,
      options,
      env: 'development',
      tagsFile: null,
      ...given,
    });
  };

  test('a doc whose file is as it was keeps its metadata; a saved one, or another plugin, gets new metadata', async () => {
    process.env.GERAI_DEV_SERVER = 'true';
    try {
      const first = await processed('# Getting started\n\nThe first paragraph.\n');
      assert.equal(await processed('# Getting started\n\nThe first paragraph.\n'), first);
      const saved = await processed('# Start here\n\nThe first paragraph.\n');
      assert.notEqual(saved, first);
      assert.equal(saved.title, 'Start here');
      assert.equal(first.title, 'Getting started', 'what was kept is not changed');
      // A file not saved again is not read again, and keeps its metadata.
      assert.equal((await readDocFile(versionMetadata, 'guide.mdx')).content, undefined);
      assert.equal(await processed(undefined), saved);
      // The same file in a plugin loaded again (a changed configuration) is read and processed again.
      const reloaded = await processed(undefined, {options: {...options}});
      assert.notEqual(reloaded, saved);
      assert.deepEqual(reloaded, saved);
    } finally {
      delete process.env.GERAI_DEV_SERVER;
    }
  });

  test('the sidebars are still validated: an item found valid passes again, an invalid one is refused', () => {
    process.env.GERAI_DEV_SERVER = 'true';
    try {
      const sidebars = {
        guides: [
          {type: 'doc', id: 'guide'},
          {type: 'link', label: 'Status', href: '/status'},
        ],
      };
      validateSidebars(sidebars);
      validateSidebars(structuredClone(sidebars));
      assert.throws(() => validateSidebars({guides: [{type: 'doc', id: 'guide', labell: 'Typo'}]}), /labell/);
      assert.throws(
        () => validateSidebars({guides: [{type: 'category', label: 'Guides', items: [{type: 'doc'}]}]}),
        /"id" is required/,
      );
    } finally {
      delete process.env.GERAI_DEV_SERVER;
    }
  });

  test('outside the development server every doc is processed at every load', async () => {
    const first = await processed('# Getting started\n');
    const second = await processed('# Getting started\n');
    assert.notEqual(second, first);
    assert.deepEqual(second, first);
  });
});
