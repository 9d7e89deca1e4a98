/**
 * The entry of the server's installable package (`npx -y <portal>/downloads/gerai-portal-mcp.tgz`):
 * the portal's MCP server over stdio, serving the content of the portal it was built for.
 *
 * At each start it fetches the content file of the portal (MCP_CONTENT_PATH), revalidated with its
 * ETag, into its cache folder (`$XDG_CACHE_HOME/gerai-portal-mcp/<host>/`, or `~/.cache/...`), so
 * that a copy npx installed once still serves the current deploy. Without the network it serves
 * the last content it fetched, and says so on stderr; with none, it stops with a message.
 *
 *   gerai-portal-mcp [--site URL] [--offline]
 */
import {existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {homedir} from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {gunzipSync} from 'node:zlib';

import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';

import {MCP_CONTENT_PATH} from '../../src/config/mcp';
import {PortalError} from '../mcp/portal';
import {createServer, load} from '../mcp/server';
import {type Content, safeRelative} from './content';

/** The portal's address, written into the bundle by ./bundle.ts. */
declare const PORTAL_URL: string;

const USAGE = 'Usage: gerai-portal-mcp [--site URL] [--offline]';
const log = (line: string) => process.stderr.write(`[gerai-portal-mcp] ${line}\n`);

/** The folder the content of `site` is kept in, and its ETag beside it. */
function cacheFolder(site: URL): string {
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(base, 'gerai-portal-mcp', site.host.replace(/[^a-z0-9.-]/gi, '_'));
}

/** Lays out the content's files in a new folder, then puts it in place of the last one. */
function unpack(content: Content, folder: string): void {
  const next = `${folder}.next`;
  rmSync(next, {recursive: true, force: true});
  for (const [relative, text] of Object.entries(content.files)) {
    if (!safeRelative(relative))
      throw new Error(`the content names a file it may not write: ${JSON.stringify(relative)}`);
    const file = path.join(next, ...relative.split('/'));
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, text);
  }
  rmSync(folder, {recursive: true, force: true});
  renameSync(next, folder);
}

/** The folder holding the portal's current content: fetched, revalidated or, offline, the last. */
async function contentFolder(site: URL, offline: boolean): Promise<string> {
  const cache = cacheFolder(site);
  const folder = path.join(cache, 'content');
  const etagFile = path.join(cache, 'etag');
  const have = existsSync(path.join(folder, 'llms.txt'));
  if (offline) {
    if (have) return folder;
    throw new PortalError(
      `--offline, and no content of ${site.origin} was fetched before: run once without it.`,
    );
  }
  const address = new URL(MCP_CONTENT_PATH, site);
  let response: Response;
  try {
    response = await fetch(address, {
      headers: have && existsSync(etagFile) ? {'if-none-match': readFileSync(etagFile, 'utf8')} : {},
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const why =
      (error as Error).cause instanceof Error
        ? ((error as Error).cause as Error).message
        : (error as Error).message;
    if (have) {
      log(`${address.href} could not be reached (${why}): serving the content fetched before.`);
      return folder;
    }
    throw new PortalError(
      `${address.href} could not be reached (${why}), and no content was fetched before.`,
    );
  }
  if (response.status === 304 && have) return folder;
  if (!response.ok) {
    if (have) {
      log(`${address.href} answered ${response.status}: serving the content fetched before.`);
      return folder;
    }
    throw new PortalError(
      `${address.href} answered ${response.status} ${response.statusText}: is ${site.origin} the portal?`,
    );
  }
  let content: Content;
  try {
    content = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8')) as Content;
  } catch (error) {
    throw new PortalError(`${address.href} is not the portal's content file: ${(error as Error).message}`);
  }
  mkdirSync(cache, {recursive: true});
  unpack(content, folder);
  const etag = response.headers.get('etag');
  if (etag) writeFileSync(etagFile, etag);
  else rmSync(etagFile, {force: true});
  log(
    `fetched the content of ${site.origin} (${Object.keys(content.files).length} files, build ${content.id}).`,
  );
  return folder;
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {site: {type: 'string'}, offline: {type: 'boolean'}, help: {type: 'boolean'}},
    });
  } catch (error) {
    log(`${(error as Error).message}. ${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    process.stderr.write(
      `${USAGE}\nServes the ${PORTAL_URL} portal's pages and API reference to an AI assistant over stdio (MCP).\n`,
    );
    return 0;
  }
  const given = args.values.site ?? process.env.GERAI_PORTAL_URL ?? PORTAL_URL;
  let site: URL;
  try {
    site = new URL(given);
    if (site.protocol !== 'https:' && site.protocol !== 'http:') throw new Error('not http(s)');
  } catch {
    log(`"${given}" is not the address of a portal (https://...). ${USAGE}`);
    return 2;
  }
  try {
    const loaded = load(await contentFolder(site, args.values.offline ?? false));
    await createServer(loaded).connect(new StdioServerTransport());
    log(`serving ${loaded.portal.pages.length} pages of ${site.origin} over stdio`);
    return -1;
  } catch (error) {
    if (!(error instanceof PortalError)) throw error;
    log(error.message);
    return 1;
  }
}

main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
