// @ts-check
// `docusaurus start` reloads a plugin when one of its files is saved. Patched
// (patches/@docusaurus+core+3.10.2.patch), the reloads run one at a time: files saved together
// (a git checkout, the generator's output) make one more reload of their plugin, not one each
// side by side, and the site kept is the one the last reload made. Docusaurus's reload is replaced
// here by one that records what it was asked, so only the queue is under test.
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';
import {setTimeout as sleep} from 'node:timers/promises';

const require = createRequire(import.meta.url);
/** @type {any} */
const site = require('@docusaurus/core/lib/server/site');
const {createReloadableSite} = require('@docusaurus/core/lib/commands/start/utils');

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
