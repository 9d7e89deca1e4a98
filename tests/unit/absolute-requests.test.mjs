// @ts-check
// Absolute requests resolved as they are (src/plugins/absolute-requests): a small site bundled by
// Rspack with Docusaurus's roots (its static folder and the site) and Docusaurus's own style
// loaders, with and without the plugin's resolver options.
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {createStyleLoadersFactory} from '@docusaurus/bundler';
import {rspack} from '@rspack/core';
import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const {absoluteRequests} = createJiti(root + '/')('./src/plugins/absolute-requests/index.ts');

const site = mkdtempSync(path.join(tmpdir(), 'gerai-absolute-'));
after(() => rmSync(site, {recursive: true, force: true}));
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
  writeFileSync(path.join(site, file), text);
};

write('static/img/mark.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
write('src/style.css', '.mark {\n  background: url(/img/mark.svg);\n}\n');
// As Docusaurus's generated modules import pages: by absolute path, lazily.
write('docs/guide.js', "export const title = 'Guide';\n");
write(
  'src/main.js',
  `import './style.css';\nimport(${JSON.stringify(path.join(site, 'docs', 'guide.js'))}).then((m) => console.log(m.title));\n`,
);
write('src/static-import.js', "import mark from '/img/mark.svg';\nconsole.log(mark);\n");

// Docusaurus types its bundler as webpack's module.
const getStyleLoaders = await createStyleLoadersFactory({
  currentBundler: {name: 'rspack', instance: /** @type {never} */ (rspack)},
});

/** Bundles `entry`; resolves with the compilation's errors, missing dependencies and stylesheet. */
const bundle = (entry, resolve) =>
  new Promise((done, failed) => {
    const out = mkdtempSync(path.join(site, 'out-'));
    const compiler = rspack({
      mode: 'development',
      devtool: false,
      context: site,
      entry,
      output: {path: out},
      // Docusaurus's roots (lib/webpack/base.js): the static folders, the site, the working folder.
      resolve: {roots: [path.join(site, 'static'), site], ...resolve},
      module: {
        rules: [
          {test: /\.css$/, use: /** @type {never} */ (getStyleLoaders(false, {}))},
          {test: /\.svg$/, type: 'asset/resource'},
        ],
      },
      plugins: [new rspack.CssExtractRspackPlugin()],
    });
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error || !stats) return failed(error ?? new Error('no stats'));
      const css = readdirSync(out).find((file) => file.endsWith('.css'));
      done({
        errors: stats.compilation.errors.map((e) => e.message).join('\n'),
        missing: [...stats.compilation.missingDependencies],
        css: css ? readFileSync(path.join(out, css), 'utf8') : '',
      });
    });
  });

/** A missing dependency made of a root and an absolute path joined: `<root>/<site>/…`. */
const underARoot = (missing) =>
  missing.filter((file) => [path.join(site, 'static'), site].some((r) => file.startsWith(r + site)));

test("an absolute import is no longer looked for under the roots, and a stylesheet's url() still finds the static folder", async () => {
  const before = await bundle('./src/main.js', {});
  assert.equal(before.errors, '');
  assert.ok(underARoot(before.missing).length > 0, 'without the plugin, the roots are tried first');

  const after = await bundle('./src/main.js', absoluteRequests());
  assert.equal(after.errors, '');
  assert.deepEqual(underARoot(after.missing), []);
  // The stylesheet's url() was resolved to the static file and emitted as an asset.
  assert.match(after.css, /\.mark \{\s*background: url\([^)]*\.svg\);/);
  assert.doesNotMatch(after.css, /url\(\/img\/mark\.svg\)/);
});

test('a module importing a static file by its address fails to resolve, where the roots once found it', async () => {
  assert.equal((await bundle('./src/static-import.js', {})).errors, '');
  assert.match(
    (await bundle('./src/static-import.js', absoluteRequests())).errors,
    /Can't resolve '\/img\/mark\.svg'/,
  );
});
