/**
 * A remark plugin with its options given now, as a plugin that takes none.
 *
 * Why: Docusaurus writes every plugin's options into main.js (`@generated/docusaurus.config`, by
 * JSON.stringify, which leaves functions out), the content plugins' MDX plugins and their options
 * included: the remark plugins' options were in every page's main.js six times, the site's folder
 * on the build machine among them, though only the build reads them. A plugin given as a function
 * alone is left out. The same is done for the moved addresses (src/plugins/moved-pages).
 */
export function withOptions<Options, Result>(
  plugin: (this: unknown, options: Options) => Result,
  options: Options,
): (this: unknown) => Result {
  return function boundPlugin(this: unknown) {
    // unified calls a plugin with its processor as `this`; the plugin gets it too.
    return plugin.call(this, options);
  };
}
