import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';
import {parseYaml} from '@redocly/openapi-core';

import {API_CATALOG_PATH, apiCatalog} from '../../config/api-catalog';
import {releaseNames} from '../../api-reference/releases';
import {MCP_SERVER_CARD_PATH} from '../../config/mcp';
import {mcpServerCard} from '../../config/mcp-server-card';

/** The `info.title` of a description under `openapi/`; a description without one stops the build. */
function descriptionTitle(siteDir: string, file: string): string {
  const description = parseYaml(readFileSync(path.join(siteDir, 'openapi', file), 'utf8')) as {
    info?: {title?: unknown};
  };
  const title = description.info?.title;
  if (typeof title !== 'string' || title.trim() === '') {
    throw new Error(`api-catalog: openapi/${file} has no info.title to name it by`);
  }
  return title.trim();
}

/** Writes `value` as indented JSON at the site's address `route` in `outDir`. */
function writeJson(outDir: string, route: string, value: unknown): void {
  const file = path.join(outDir, route);
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, 'utf8');
}

/**
 * Writes the API catalog (RFC 9727) into the build at
 * `/.well-known/api-catalog` (src/config/api-catalog.ts says what it holds),
 * and the MCP server card it links to at `/.well-known/mcp/server-card.json`
 * (src/config/mcp-server-card.ts).
 * Their addresses are absolute, on the site's origin (SITE_URL), so they are
 * written for each build rather than kept in `static/`, as robots.txt is.
 * The host serves the catalog as `application/linkset+json` and the card, a
 * `.json` file, as `application/json` (deploy/nginx/).
 */
export default function apiCatalogPlugin(context: LoadContext): Plugin {
  return {
    name: 'api-catalog',
    async postBuild({outDir}) {
      const siteUrl = context.siteConfig.url;
      writeJson(
        outDir,
        API_CATALOG_PATH,
        apiCatalog(
          siteUrl,
          (file) => descriptionTitle(context.siteDir, file),
          releaseNames(path.join(context.siteDir, 'openapi', 'releases')),
        ),
      );
      writeJson(outDir, MCP_SERVER_CARD_PATH, mcpServerCard(siteUrl));
    },
  };
}
