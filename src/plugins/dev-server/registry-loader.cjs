/* eslint-disable @typescript-eslint/no-require-imports -- a bundler loader, which Rspack loads as CommonJS */
/**
 * A bundler loader for Docusaurus's route registry (`.docusaurus/registry.js`), in the development
 * server only (./index.ts says why):
 * - each `require.resolveWeak("<module>")` becomes the string `"<module>"`, so that no page module
 *   is built before a page asks for it;
 * - each `import("<module>")` is put into one of CHUNK_GROUPS named chunks, chosen by a hash of the
 *   module's name, instead of a chunk of its own, so that the number of chunks does not grow with
 *   the pages.
 */
const {createHash} = require('node:crypto');

/** How many chunks the registry's imports share; a fixed number, whatever the size of the site. */
const CHUNK_GROUPS = 64;

/**
 * @param {string} request the quoted module name, as written in the registry
 * @returns {string}
 */
const groupOf = (request) =>
  `dev-pages-${createHash('sha1').update(request).digest().readUInt16BE(0) % CHUNK_GROUPS}`;

/**
 * @param {string} source
 * @returns {string}
 */
module.exports = function registryLoader(source) {
  return source
    .replace(/require\.resolveWeak\(("(?:[^"\\]|\\.)*")\)/g, '$1')
    .replace(
      /import\((?:\/\*\s*webpackChunkName:\s*"[^"]*"\s*\*\/\s*)?("(?:[^"\\]|\\.)*")\)/g,
      (_import, request) => `import(/* webpackChunkName: "${groupOf(request)}" */ ${request})`,
    );
};

module.exports.CHUNK_GROUPS = CHUNK_GROUPS;
