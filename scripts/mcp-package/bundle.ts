/**
 * The server's installable package: ./cli.ts and everything it imports bundled by esbuild into one
 * CommonJS file (no dependency to install, so `npx` starts it at once), with a package.json naming
 * it as the package's command, packed by `npm pack` into a `.tgz` that npm and npx install from an
 * address.
 *
 * Two things a plain bundle would get wrong, handled here:
 * - the search engine is loaded through jiti in the repository (../mcp/search-worker.ts); the
 *   bundle takes ../mcp/search-worker.bundled.ts instead, and resolves the worker's generated
 *   constants to ../mcp/search-constants.ts (esbuild's `alias`);
 * - the portal's address is written in (`define`), so that the package needs no argument.
 * Upgrade: UPGRADING.md#the-mcp-package-scriptsmcp-packagebundlets.
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {build, type Plugin} from 'esbuild';

import {MCP_SERVER_INFO} from '../../src/config/mcp';
import {SEARCH_CONSTANTS} from '../mcp/search-worker';

/** The package's name, and its command's. */
export const PACKAGE_NAME = 'gerai-portal-mcp';

const root = path.resolve(__dirname, '..', '..');

/** Takes ../mcp/search-worker.bundled.ts wherever ./search-worker is imported. */
const bundledSearchWorker: Plugin = {
  name: 'bundled-search-worker',
  setup(builder) {
    builder.onResolve({filter: /\/search-worker$/}, () => ({
      path: path.join(root, 'scripts', 'mcp', 'search-worker.bundled.ts'),
    }));
  },
};

/** Bundles the server for `siteUrl` and packs it into `target` (a `.tgz` file). */
export async function writePackage(siteUrl: string, target: string): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'gerai-portal-mcp-'));
  try {
    await build({
      entryPoints: [path.join(__dirname, 'cli.ts')],
      outfile: path.join(folder, 'server.cjs'),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      minify: true,
      legalComments: 'external',
      banner: {js: '#!/usr/bin/env node'},
      define: {PORTAL_URL: JSON.stringify(siteUrl)},
      alias: {[SEARCH_CONSTANTS]: path.join(root, 'scripts', 'mcp', 'search-constants.ts')},
      plugins: [bundledSearchWorker],
      logLevel: 'warning',
    });
    writeFileSync(
      path.join(folder, 'package.json'),
      `${JSON.stringify(
        {
          name: PACKAGE_NAME,
          version: MCP_SERVER_INFO.version,
          description: `The ${MCP_SERVER_INFO.title}'s MCP server: its guides, API reference and search for an AI assistant, over stdio.`,
          homepage: siteUrl,
          license: 'UNLICENSED',
          bin: {[PACKAGE_NAME]: 'server.cjs'},
          files: ['server.cjs', 'server.cjs.LEGAL.txt'],
          engines: {node: '>=20'},
        },
        null,
        2,
      )}\n`,
    );
    const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', folder], {
      cwd: folder,
      encoding: 'utf8',
      env: {...process.env, npm_config_loglevel: 'error', npm_config_ignore_scripts: 'true'},
    }).trim();
    mkdirSync(path.dirname(target), {recursive: true});
    renameSync(path.join(folder, packed.split('\n').at(-1) ?? ''), target);
  } finally {
    rmSync(folder, {recursive: true, force: true});
  }
}
