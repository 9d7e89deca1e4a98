// @ts-check
// `npm run typecheck` checks the JavaScript tests and benchmarks (tsconfig.js.json) only where a file
// opts in with `// @ts-check`, so a file without it would go unchecked without anyone noticing.
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {root} from '../support/openapi.mjs';

test('every JavaScript file of the tests and benchmarks starts with // @ts-check', () => {
  const files = ['tests', 'bench'].flatMap((folder) =>
    readdirSync(path.join(root, folder), {recursive: true, encoding: 'utf8'})
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => path.join(folder, file)),
  );
  assert.ok(files.length > 100, `only ${files.length} files found`);
  const unchecked = files.filter(
    (file) => !readFileSync(path.join(root, file), 'utf8').startsWith('// @ts-check\n'),
  );
  assert.deepEqual(unchecked, []);
});
