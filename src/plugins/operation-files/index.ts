/**
 * Takes the operation the request panel reads out of every generated operation's page
 * (./loader.cjs, before Docusaurus's MDX loader, in both compilations and in the development
 * server): the page's front matter names a file of the operation instead
 * (`api_operation: assets/operations/<hash>.json`), which the browser's compilation writes, and
 * the panel fetches it when the reader points at or opens it (src/components/ApiExplorerPanel).
 *
 * Why: the OpenAPI generator stores each operation, deflated and base64-encoded, in the page's
 * front matter (`api`), which the MDX module exports with the page. It was in the script every
 * reader of the page downloads before the page runs, though only the request panel, which few
 * readers open, reads it; compressed already, it did not compress again, and was about half of a
 * reference page's own script. A webhook event's page, which has no panel, carried one too.
 *
 * Why not an option: the generator has no setting to leave the operation out, and Docusaurus
 * exports the whole front matter with the page. Upgrade: UPGRADING.md#srcpluginsoperation-files.
 */
import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

export default function operationFilesPlugin(): Plugin {
  return {
    name: 'operation-files',
    configureWebpack(_config, isServer) {
      return {
        module: {
          rules: [
            {
              // A function, as in src/plugins/mdx-jsx-bindings.
              test: (resource: string) => resource.endsWith('.api.mdx'),
              enforce: 'pre',
              use: [{loader: path.join(__dirname, 'loader.cjs'), options: {emit: !isServer}}],
            },
          ],
        },
      };
    },
  };
}
