/**
 * A bundler option: a module's `import` or `require` of an absolute path is resolved as that
 * path, not first under each of Docusaurus's `resolve.roots`.
 *
 * Why: Docusaurus gives the bundler the static folders and the site as roots, so that a
 * stylesheet's `url("/img/logo.svg")` finds the file in `static/`. Rspack 1.7 tries the roots
 * before the path itself for every absolute request, and Docusaurus's generated route modules
 * import every page by its absolute path: each page cost a handful of failed lookups such as
 * `<site>/static/<site>/docs/guide.mdx` (Rspack issue 12903; Rspack 2 gives no roots by default),
 * each a missing dependency of the compilation, several per page, which the development server's
 * watcher is handed again after every compilation: with a hundred times the content, most of its
 * main thread's work after a saved page had compiled, and the garbage collections it caused,
 * while the browser waited for the update. The build and the start resolve alike.
 *
 * What stays: a stylesheet's `url()` is resolved by its loader's resolver, which keeps the roots
 * (tests/unit/absolute-requests.test.mjs bundles both). What goes: an `import` of `/img/x.png`
 * from a page or component, which read the static folder through the roots, now fails in the
 * build and the start alike with "Can't resolve"; `@site/static/img/x.png` is the way to import
 * a static file, as Docusaurus's documentation writes it. Why not an option: Docusaurus sets the
 * roots for every module (`lib/webpack/base.js`), and Rspack 1.7 has no `preferAbsolute`.
 * Upgrade: UPGRADING.md#srcpluginsabsolute-requests.
 */
import type {Plugin} from '@docusaurus/types';

/** The bundler's resolver options this plugin adds: module requests without roots. */
export function absoluteRequests(): {byDependency: Record<'esm' | 'commonjs', {roots: string[]}>} {
  return {byDependency: {esm: {roots: []}, commonjs: {roots: []}}};
}

export default function absoluteRequestsPlugin(): Plugin {
  return {
    name: 'absolute-requests',
    configureWebpack() {
      return {resolve: absoluteRequests()};
    },
  };
}
