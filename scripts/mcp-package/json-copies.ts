/**
 * A JSON copy beside each YAML description the build publishes (`/openapi/<name>.json` beside
 * `/openapi/<name>.yaml`, and each release's): the same description, which the MCP server reads
 * instead of the YAML, and which tools that take JSON only can import.
 *
 * Why the server reads JSON: a YAML parser reads a large owner's description (GitHub's REST API,
 * 10 MB of YAML) several times slower than `JSON.parse` reads the same as JSON, and at a peak of
 * memory that the server's process then keeps (`npm run bench:mcp`, its first answer and memory
 * with GitHub's description, in bench/mcp/results.json).
 * The build parses each description once, here.
 */
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {parseYaml} from '@redocly/openapi-core';

import {jsonCopyOf, OPENAPI_DOWNLOADS_PATH} from '../../src/config/openapi';

/** The YAML descriptions under the build's downloads, as paths relative to `out`. */
function yamlDescriptions(out: string, base = OPENAPI_DOWNLOADS_PATH.slice(1, -1)): string[] {
  const folder = path.join(out, base);
  if (!existsSync(folder)) return [];
  return readdirSync(folder, {withFileTypes: true}).flatMap((entry) => {
    const relative = `${base}/${entry.name}`;
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : yamlDescriptions(out, relative);
    return /\.ya?ml$/.test(entry.name) ? [relative] : [];
  });
}

/** Writes the JSON copy of every YAML description of the build folder `out`; returns their paths. */
export function writeJsonCopies(out: string): string[] {
  return yamlDescriptions(out).map((relative) => {
    let doc: unknown;
    try {
      doc = parseYaml(readFileSync(path.join(out, relative), 'utf8'));
    } catch (error) {
      throw new Error(`${relative} is not YAML: ${(error as Error).message.split('\n')[0]}`);
    }
    const copy = jsonCopyOf(relative);
    writeFileSync(path.join(out, copy), `${JSON.stringify(doc)}\n`);
    return copy;
  });
}
