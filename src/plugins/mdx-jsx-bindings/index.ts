/**
 * Gives every compiled Markdown and MDX page local names for React's JSX functions
 * (./loader.cjs, a loader run after Docusaurus's MDX loader, in both compilations and in the
 * development server).
 *
 * Why: the MDX compiler imports `jsx`, `jsxs` and `Fragment` from `react/jsx-runtime`, and a page
 * calls them once per element. The bundler records each use of an imported name as a dependency
 * of its own, with its own replacement in the generated code (`(0,r.jsx)(…)` in the browser's
 * scripts), and keeps them all until the compilation is sealed: a long guide or a reference page
 * has thousands. Taken from the runtime's namespace into local names once per page, the calls are
 * plain calls of a local function: the same elements, one dependency. The browser's bundling
 * takes less time and peaks lower, and the pages' scripts are a little shorter (`npm run
 * bench:scale` measures both).
 *
 * Why not an option: the MDX compiler names its runtime (`jsxImportSource`) but always imports
 * from it, and neither Docusaurus nor Rspack has a setting that turns uses of an import into local
 * calls. Upgrade: UPGRADING.md#srcpluginsmdx-jsx-bindings.
 */
import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

/** The files Docusaurus's MDX loader compiles (its rules' `test`). */
const MARKDOWN_PAGE = /\.mdx?$/i;

export default function mdxJsxBindingsPlugin(): Plugin {
  return {
    name: 'mdx-jsx-bindings',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              // A function, as src/plugins/route-data's rule: Rspack refused this plugin's regular
              // expression as the rule's condition ("condition should be one of string, RegExp…").
              test: (resource: string) => MARKDOWN_PAGE.test(resource),
              enforce: 'post',
              use: [{loader: path.join(__dirname, 'loader.cjs')}],
            },
          ],
        },
      };
    },
  };
}
