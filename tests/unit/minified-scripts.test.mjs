// @ts-check
// Minified scripts kept between builds that keep their cache (src/plugins/minified-scripts): a
// small site bundled by Rspack with the minimizer Docusaurus sets, three times into the same cache.
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {rspack} from '@rspack/core';
import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const {minifiedScriptsCache} = createJiti(root + '/')('./src/plugins/minified-scripts/index.ts');

const folder = mkdtempSync(path.join(tmpdir(), 'gerai-minified-'));
after(() => rmSync(folder, {recursive: true, force: true}));
const source = path.join(folder, 'src');
const cache = path.join(folder, 'cache');

const write = (file, text) => {
  mkdirSync(path.dirname(path.join(source, file)), {recursive: true});
  writeFileSync(path.join(source, file), text);
};

// An entry that loads three pages, each a chunk of its own.
write('main.js', "for (const page of ['a', 'b', 'c']) import(`./pages/${page}.js`).then((m) => m.show());\n");
for (const page of ['a', 'b', 'c']) {
  write(
    `pages/${page}.js`,
    `export function show() {\n  const longNameOfTheHeading = 'Page ${page}';\n  document.title = longNameOfTheHeading;\n}\n`,
  );
}

/** Bundles the site into `out`; resolves with what the cache did and the files written. */
const build = (out) =>
  new Promise((resolve, reject) => {
    let scripts;
    const compiler = rspack({
      mode: 'production',
      context: source,
      entry: './main.js',
      output: {path: path.join(folder, out), filename: '[name].[contenthash:8].js'},
      optimization: {minimizer: [new rspack.SwcJsMinimizerRspackPlugin({minimizerOptions: {minify: true}})]},
      plugins: [minifiedScriptsCache(cache, (reported) => (scripts = reported))],
    });
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error || stats?.hasErrors()) return reject(error ?? new Error(stats?.toString()));
      const files = Object.fromEntries(
        readdirSync(path.join(folder, out)).map((file) => [
          file,
          readFileSync(path.join(folder, out, file), 'utf8'),
        ]),
      );
      resolve({scripts, files});
    });
  });

test('a second build puts every kept script in place, byte for byte, and a changed page alone is minified again', async () => {
  const first = await build('first');
  assert.deepEqual(first.scripts, {kept: 0, minified: 3});
  const pageScripts = Object.entries(first.files).filter(([, text]) => text.includes('Page '));
  assert.equal(pageScripts.length, 3);
  for (const [file, text] of pageScripts) {
    assert.doesNotMatch(text, /longNameOfTheHeading/, `${file} is minified`);
  }

  const second = await build('second');
  assert.deepEqual(second.scripts, {kept: 3, minified: 0});
  // The same files, the same names (each named by the hash of its final text): nothing differs.
  assert.deepEqual(second.files, first.files);

  // What is put in place is the kept text itself, which the minimizer leaves as it is: a mark
  // added to one kept script reaches the output.
  const keptScripts = readdirSync(cache, {recursive: true, encoding: 'utf8'}).filter((file) =>
    file.endsWith('.js'),
  );
  assert.equal(keptScripts.length, 3);
  writeFileSync(
    path.join(cache, keptScripts[0]),
    `${readFileSync(path.join(cache, keptScripts[0]), 'utf8')}/* kept */`,
  );
  const marked = await build('marked');
  assert.equal(Object.values(marked.files).filter((text) => text.endsWith('/* kept */')).length, 1);

  write('pages/b.js', "export function show() {\n  document.title = 'Page b, edited';\n}\n");
  const third = await build('third');
  assert.deepEqual(third.scripts, {kept: 2, minified: 1});
  const edited = Object.values(third.files).filter((text) => text.includes('Page b, edited'));
  assert.equal(edited.length, 1);
});
