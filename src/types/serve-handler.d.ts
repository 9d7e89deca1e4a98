// serve-handler 6 ships no declarations; this states the part scripts/serve-site uses: the handler
// `docusaurus serve` serves a build folder with, and the options it passes.
declare module 'serve-handler' {
  import type {IncomingMessage, ServerResponse} from 'node:http';

  export interface Options {
    /** The folder served. */
    public?: string;
    /** `/a` answers with `/a.html` or `/a/index.html`, and `/a.html` redirects to `/a`. */
    cleanUrls?: boolean | string[];
    /** true adds a trailing slash to every address, false removes it; unset, addresses stay as asked. */
    trailingSlash?: boolean;
    /** A listing of a folder without an index.html. */
    directoryListing?: boolean | string[];
  }

  export default function handler(
    request: IncomingMessage,
    response: ServerResponse,
    options?: Options,
  ): Promise<void>;
}
