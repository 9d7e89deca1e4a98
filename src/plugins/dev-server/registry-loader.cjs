/**
 * A bundler loader for Docusaurus's route registry (`.docusaurus/registry.js`), in the development
 * server only (./index.ts says why): each `require.resolveWeak("<module>")` becomes the string
 * `"<module>"`, so that no page module is built before a page asks for it.
 *
 * @param {string} source
 * @returns {string}
 */
module.exports = function registryLoader(source) {
  return source.replace(/require\.resolveWeak\(("(?:[^"\\]|\\.)*")\)/g, '$1');
};
