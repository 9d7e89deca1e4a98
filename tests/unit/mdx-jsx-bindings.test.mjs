// @ts-check
// The loader that gives a compiled page local names for React's JSX functions
// (src/plugins/mdx-jsx-bindings).
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {describe, test} from 'node:test';

const require = createRequire(import.meta.url);
const {localJsxBindings} = require('../../src/plugins/mdx-jsx-bindings/loader.cjs');

/** The start of a page as Docusaurus's MDX loader compiles it. */
const compiled = (importLine) =>
  [
    '/*@jsxRuntime automatic*/',
    '/*@jsxImportSource react*/',
    importLine,
    'import {useMDXComponents as _provideComponents} from "@mdx-js/react";',
    'function _createMdxContent(props) {',
    '  return _jsxs(_Fragment, {children: [_jsx("h2", {children: "Scopes"}), "\\n", _jsx("p", {})]});',
    '}',
  ].join('\n');

describe('localJsxBindings', () => {
  test("takes the page's JSX functions from the runtime's namespace, on the import's line", () => {
    const source = compiled(
      'import {Fragment as _Fragment, jsx as _jsx, jsxs as _jsxs} from "react/jsx-runtime";',
    );
    const rewritten = localJsxBindings(source);
    assert.equal(
      rewritten.split('\n')[2],
      'import * as __mdxJsxRuntime from "react/jsx-runtime"; ' +
        'const {Fragment: _Fragment, jsx: _jsx, jsxs: _jsxs} = __mdxJsxRuntime;',
    );
    assert.equal(rewritten.split('\n').length, source.split('\n').length);
    assert.equal(rewritten.split('\n').slice(3).join('\n'), source.split('\n').slice(3).join('\n'));
  });

  test('keeps a name imported without an alias, the development runtime, and an import over several lines', () => {
    const source = compiled("import {\n  jsxDEV,\n  Fragment as _Fragment\n} from 'react/jsx-dev-runtime';");
    const rewritten = localJsxBindings(source);
    assert.match(
      rewritten,
      /^import \* as __mdxJsxRuntime from "react\/jsx-dev-runtime"; const \{jsxDEV, Fragment: _Fragment\} = __mdxJsxRuntime;\n\n\n$/m,
    );
    assert.equal(rewritten.split('\n').length, source.split('\n').length);
  });

  test('leaves code without the import, or with an import it cannot read whole, as it was', () => {
    for (const source of [
      'export default function Page() { return null; }',
      compiled('import {jsx as _jsx} from "react";'),
      compiled('import {"jsx" as _jsx} from "react/jsx-runtime";'),
      compiled('import {jsx as _jsx /* the runtime */} from "react/jsx-runtime";'),
    ]) {
      assert.equal(localJsxBindings(source), source);
    }
  });
});
