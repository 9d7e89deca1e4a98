import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

import {SAMPLES_DIR} from '../../remark/request-samples';
import {replaceModule} from '../replace-module';

/**
 * A page's samples as its server render imports them, from the folder the remark plugin writes
 * them to (whose name holds no character a regular expression reads otherwise). The site's
 * configuration loads that plugin already.
 */
const ON_SERVER = new RegExp(String.raw`[\\/]${path.basename(SAMPLES_DIR)}[\\/][0-9a-f]{16}\.json\?server$`);

/**
 * Keeps the code of a page's requests in languages other than the first out
 * of the page's script.
 *
 * A page with requests imports its JSON file of samples twice: statically
 * with `?server`, for the server render, which writes every language into the
 * HTML; and with `import()`, which the browser fetches only when a reader
 * picks one of those languages (src/components/RequestSamples). In the
 * browser's bundle, this plugin puts `null` in place of the static import, so
 * the page's script does not carry the code it does not show first. No
 * Docusaurus or MDX option imports a module on the server only.
 *
 * Upgrade: UPGRADING.md#srcpluginsreplace-modulets.
 */
export default function requestSamplesPlugin(): Plugin {
  return {
    name: 'request-samples',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) {
        return {};
      }
      return {
        plugins: [replaceModule(currentBundler, ON_SERVER, path.join(__dirname, 'not-in-browser.json'))],
      };
    },
  };
}
