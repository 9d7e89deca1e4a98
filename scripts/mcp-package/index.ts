/**
 * The build's step for the MCP server (run by scripts/build-site/ on the build folder, after
 * `docusaurus build`), writing what the server needs beyond the site's own files:
 * - the merchant API's releases and their changes (./publish-releases.ts);
 * - a JSON copy of each YAML description, which the server reads (./json-copies.ts);
 * - the server as one installable file, at MCP_PACKAGE_PATH (./bundle.ts), and the content it
 *   serves, at MCP_CONTENT_PATH (./content.ts).
 *
 *   jiti scripts/mcp-package/index.ts <build folder>
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {siteUrl} from '../../src/config/build-environment';
import {MCP_CONTENT_PATH, MCP_PACKAGE_PATH} from '../../src/config/mcp';
import {writePackage} from './bundle';
import {packContent} from './content';
import {writeJsonCopies} from './json-copies';
import {writeReleases} from './publish-releases';

async function main(): Promise<number> {
  const folder = process.argv[2];
  if (!folder) {
    console.error('✖ mcp-package: give the build folder.');
    return 2;
  }
  const root = path.resolve(__dirname, '..', '..');
  const out = path.resolve(folder);
  const scratch = mkdtempSync(path.join(tmpdir(), 'gerai-mcp-package-'));
  try {
    await writeReleases(root, out, scratch);
    writeJsonCopies(out);
    // The build checked SITE_URL before it started (src/config/build-environment.ts).
    const site = siteUrl(process.env.SITE_URL);
    const contentFile = path.join(out, MCP_CONTENT_PATH);
    mkdirSync(path.dirname(contentFile), {recursive: true});
    writeFileSync(contentFile, packContent(out));
    await writePackage(site, path.join(out, MCP_PACKAGE_PATH));
    return 0;
  } catch (error) {
    console.error(`✖ The MCP server's files could not be written: ${(error as Error).message}`);
    return 1;
  } finally {
    rmSync(scratch, {recursive: true, force: true});
  }
}

void main().then((code) => {
  process.exitCode = code;
});
