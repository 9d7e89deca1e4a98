/**
 * The content the server's package serves: every file of a build that the server reads (its
 * Portal, ./../mcp/portal.ts), as one JSON object of paths and texts, gzipped. The build writes it
 * at MCP_CONTENT_PATH; the package (./cli.ts) fetches it and lays the files out again in a folder
 * of its cache, from which it serves exactly as `npm run mcp` serves a build folder.
 */
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';

import {OPENAPI_DOWNLOADS_PATH} from '../../src/config/openapi';

/** What the content file holds. */
export interface Content {
  /** The build's identity: the same content has the same id. */
  readonly id: string;
  /** Paths relative to the build folder, with `/`, and each file's text. */
  readonly files: Readonly<Record<string, string>>;
}

/**
 * Whether the server reads a file of the build (its path relative to it, with `/`): of the
 * descriptions, their JSON copies (./json-copies.ts), which it reads when they are there.
 */
export function servedFile(relative: string): boolean {
  return (
    relative === 'llms.txt' ||
    relative.endsWith('.md') ||
    /^search-index[^/]*\.json$/.test(relative) ||
    (relative.startsWith(OPENAPI_DOWNLOADS_PATH.slice(1)) &&
      relative.endsWith('.json') &&
      !relative.endsWith('.postman_collection.json'))
  );
}

function filesOf(folder: string, base = ''): string[] {
  return readdirSync(path.join(folder, base), {withFileTypes: true}).flatMap((entry) => {
    const relative = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesOf(folder, relative);
    return servedFile(relative) ? [relative] : [];
  });
}

/** The content of the build in `folder`, gzipped; its id is the hash of its files. */
export function packContent(folder: string): Buffer {
  const files: Record<string, string> = {};
  const hash = createHash('sha256');
  for (const relative of filesOf(folder).sort()) {
    const text = readFileSync(path.join(folder, relative), 'utf8');
    files[relative] = text;
    hash.update(`${relative}\0${text}\0`);
  }
  const content: Content = {id: hash.digest('hex').slice(0, 12), files};
  return gzipSync(JSON.stringify(content));
}

/**
 * A path of the content file that may be written under the folder: relative, with no `..`, `.`
 * or empty segment, and a file the server reads. Anything else is refused, whatever the file says.
 */
export function safeRelative(relative: string): boolean {
  const segments = relative.split('/');
  return (
    servedFile(relative) &&
    !relative.includes('\\') &&
    !relative.includes('\0') &&
    segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  );
}
