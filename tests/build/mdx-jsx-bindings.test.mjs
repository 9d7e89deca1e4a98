// @ts-check
// A guide's script calls React's JSX functions by local names, not through an import per element
// (src/plugins/mdx-jsx-bindings). Run after `npm run build`; PORTAL_BUILD_DIR checks another build.
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {root} from '../support/openapi.mjs';

const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const scripts = path.join(build, 'assets', 'js');

/** A guide that imports nothing: its module in the browser's scripts is its own code alone. */
const GUIDE = 'docs/docs/authentication.mdx';

/** The start of a module in a chunk of the browser's scripts: `,6855(e,t,n){`. */
const MODULE_START = /[{,]\d+\((?:[\w$]+(?:,[\w$]+){0,2})?\)\{/g;

/** A call of an imported JSX function, as the bundler writes each use of an import: `(0,r.jsx)(`. */
const IMPORTED_JSX_CALL = /\(0,\s*[\w$]+\.jsxs?\)\(/g;

/** The code of the module whose page's metadata names `source`, and the chunk it is in. */
function pageModule(source) {
  const marker = `"source":"@site/${source}"`;
  for (const name of readdirSync(scripts).filter((file) => file.endsWith('.js'))) {
    const code = readFileSync(path.join(scripts, name), 'utf8');
    const at = code.indexOf(marker);
    if (at === -1) continue;
    const starts = [...code.matchAll(MODULE_START)].map((match) => match.index);
    const start = Math.max(...starts.filter((index) => index < at));
    const end = Math.min(code.length, ...starts.filter((index) => index > at));
    return {name, code: code.slice(start, end)};
  }
  throw new Error(`no script of ${scripts} holds the page ${source}`);
}

test("a guide's elements call local JSX functions, not one import each", () => {
  assert.equal(readFileSync(path.join(root, GUIDE), 'utf8').match(/^import /m), null, `${GUIDE} imports nothing`);
  const {name, code} = pageModule(GUIDE);
  assert.ok(code.length > 10_000, `the module of ${GUIDE} in ${name} is the guide's (${code.length} characters)`);
  const imported = code.match(IMPORTED_JSX_CALL) ?? [];
  assert.deepEqual(imported, [], `${name}: the guide's module calls JSX functions through an import`);
  assert.match(code, /\{(?:[\w$]+:[\w$]+,?){2,3}\}=[\w$]+/, `${name}: the JSX functions taken into local names`);
});
