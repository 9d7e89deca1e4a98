/**
 * `npm run serve -- [siteDir] [--dir build] [--port 3000] [--host localhost] [--no-open] [--config file]`:
 * the production build on this machine, its pages served exactly as `docusaurus serve` serves them,
 * and the portal's MCP server (scripts/mcp/http.ts) at `/mcp` over the same build folder, as the
 * production host has it (deploy/nginx/ proxies `/mcp` to that server).
 *
 * - Pages, as @docusaurus/core's lib/commands/serve.js: the site configuration's `baseUrl` (a request
 *   outside it is redirected to it; below it, an address that is no file of an asset's form is
 *   redirected to its `trailingSlash` form) and `trailingSlash`, then serve-handler with clean
 *   addresses and no folder listing, which answers an unknown address with `404.html` and 404. The
 *   port is chosen as Docusaurus chooses it (3000, or `PORT`; a taken port offers another when run
 *   in a terminal), and the browser opens unless `--no-open` is given or `CI` is set. The arguments
 *   are those of `docusaurus serve` but `--build`: run `npm run build` first.
 * - `/mcp` (any method: the MCP server answers what it refuses): the Streamable HTTP server, loaded
 *   once at start from the build's Markdown copies and search index. A folder that is not a built
 *   portal stops the command with what to do.
 *
 * Why no Docusaurus option does it: `docusaurus serve` builds its HTTP server itself and takes no
 * handler, middleware or proxy (plugins' `configureWebpack` and dev-server options reach only
 * `docusaurus start`), so a second address beside the pages needs a server of our own.
 *
 * Upgrade: UPGRADING.md#the-local-server-scriptsserve-site.
 */
import {existsSync} from 'node:fs';
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {loadSiteConfig} from '@docusaurus/core/lib/server/config';
import {getHostPort} from '@docusaurus/core/lib/server/getHostPort';
import {listenToServer} from '@docusaurus/core/lib/commands/utils/listenToServer';
import openBrowser from '@docusaurus/core/lib/commands/utils/openBrowser/openBrowser';
import {applyTrailingSlash} from '@docusaurus/utils-common';
import serveHandler from 'serve-handler';

import {MCP_PATH} from '../../src/config/mcp';
import {createMcpHttpServer} from '../mcp/http';
import {PortalError} from '../mcp/portal';
import {load} from '../mcp/server';

const USAGE =
  'Usage: npm run serve -- [siteDir] [--dir <build folder>] [--port <port>] [--host <host>] [--no-open] [--config <file>]';

const fail = (line: string) => process.stderr.write(`[serve] ${line}\n`);

function redirect(response: ServerResponse, location: string) {
  response.writeHead(302, {Location: location}).end();
}

/** A request for a page or a file of the build, as `docusaurus serve` answers it. */
function servePage(
  request: IncomingMessage,
  response: ServerResponse,
  {outDir, baseUrl, trailingSlash}: {outDir: string; baseUrl: string; trailingSlash: boolean | undefined},
) {
  const url = request.url ?? '/';
  if (!url.startsWith(baseUrl)) return redirect(response, baseUrl);
  // serve-handler would redirect without the base URL: Docusaurus redirects first, itself.
  if (baseUrl !== '/' && !/\.[a-zA-Z\d]{1,4}$/.test(url)) {
    const normalized = applyTrailingSlash(url, {trailingSlash, baseUrl});
    if (url !== normalized) return redirect(response, normalized);
  }
  // `/baseUrl/x` is the file `x` of the build folder.
  request.url = url.replace(baseUrl, '/');
  serveHandler(request, response, {
    cleanUrls: true,
    public: outDir,
    trailingSlash,
    directoryListing: false,
  }).catch((error: unknown) => {
    fail(`${request.method} ${url}: ${(error as Error).message}`);
    if (!response.headersSent) response.writeHead(500).end();
    else response.destroy();
  });
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      allowNegative: true,
      options: {
        dir: {type: 'string'},
        config: {type: 'string'},
        port: {type: 'string', short: 'p'},
        host: {type: 'string', short: 'h'},
        open: {type: 'boolean', default: true},
        help: {type: 'boolean'},
      },
    });
  } catch (error) {
    const message = (error as Error).message;
    fail(
      message.includes("'--build'")
        ? 'This command serves a build and does not make one: run `npm run build` first.'
        : `${message}\n${USAGE}`,
    );
    return 2;
  }
  if (args.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.positionals.length > 1) {
    fail(`One site folder at most, not ${args.positionals.length}.\n${USAGE}`);
    return 2;
  }
  const siteDir = path.resolve(args.positionals[0] ?? '.');
  const buildDir = args.values.dir ?? 'build';
  const outDir = path.resolve(siteDir, buildDir);
  if (!existsSync(path.join(outDir, 'index.html'))) {
    fail(
      `${outDir} is not a built site (it has no index.html): run \`npm run build\` first, ` +
        'or name the build folder with --dir.',
    );
    return 1;
  }

  let loaded;
  try {
    loaded = load(outDir);
  } catch (error) {
    if (error instanceof PortalError) {
      fail(`The MCP server (${MCP_PATH}) cannot read this build: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const {
    siteConfig: {baseUrl, trailingSlash},
  } = await loadSiteConfig({siteDir, customConfigFilePath: args.values.config});
  const {host, port} = await getHostPort({host: args.values.host, port: args.values.port});
  // Taken, and another port refused or not offered (not in a terminal): Docusaurus said why.
  if (port === null) return 1;

  // The MCP server's request handler, without a port of its own: this server hands it requests.
  const mcp = createMcpHttpServer(loaded, (line) => process.stderr.write(`[mcp] ${line}\n`));
  const server = createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0];
    if (pathname === MCP_PATH) {
      mcp.emit('request', request, response);
      return;
    }
    servePage(request, response, {outDir, baseUrl, trailingSlash});
  });
  await listenToServer({server, host, port});
  const origin = `http://${host}:${port}`;
  console.log(`[SUCCESS] Serving "${buildDir}" directory at: ${origin}${baseUrl}`);
  console.log(`[SUCCESS] MCP server (${loaded.portal.pages.length} pages) at: ${origin}${MCP_PATH}`);
  if (args.values.open && !process.env.CI) await openBrowser(`${origin}${baseUrl}`);
  return -1;
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    fail(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
