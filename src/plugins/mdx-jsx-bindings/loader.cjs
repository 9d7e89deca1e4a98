/**
 * A bundler loader for the compiled JavaScript of a Markdown or MDX page (./index.ts says why): the
 * import of React's JSX functions becomes one import of the runtime's namespace and local names
 * taken from it, so that each element of the page calls a local function rather than an import.
 * Code without that import is returned as it is.
 *
 * @param {string} source
 * @returns {string}
 */
module.exports = function mdxJsxBindings(source) {
  return localJsxBindings(source);
};

/** `import {jsx as _jsx, Fragment} from "react/jsx-runtime";` (or the development runtime). */
const JSX_IMPORT = /^import\s*\{([^}]*)\}\s*from\s*(["'])(react\/jsx(?:-dev)?-runtime)\2;?[ \t]*$/m;

/** An imported name, `jsx` or `jsx as _jsx`. */
const SPECIFIER = /^([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/;

/**
 * @param {string} source
 * @returns {string}
 */
function localJsxBindings(source) {
  const found = JSX_IMPORT.exec(source);
  if (!found) return source;
  const fields = [];
  for (const specifier of found[1].split(',').map((part) => part.trim())) {
    if (specifier === '') continue;
    const name = SPECIFIER.exec(specifier);
    // Anything else (a string name, a comment) is left to the bundler as it was written.
    if (!name) return source;
    fields.push(name[2] ? `${name[1]}: ${name[2]}` : name[1]);
  }
  const namespace = '__mdxJsxRuntime';
  // As many lines as the import had, so that a position the bundler reports still points at its line.
  const lines = '\n'.repeat(found[0].split('\n').length - 1);
  const replacement = `import * as ${namespace} from "${found[3]}"; const {${fields.join(', ')}} = ${namespace};${lines}`;
  return source.slice(0, found.index) + replacement + source.slice(found.index + found[0].length);
}

module.exports.localJsxBindings = localJsxBindings;
