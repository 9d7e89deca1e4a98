import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';
import {parse} from 'yaml';

import {API_CATALOG_PATH, apiCatalog} from '../../config/api-catalog';

/** The `info.title` of a description under `openapi/`; a description without one stops the build. */
function descriptionTitle(siteDir: string, file: string): string {
  const description = parse(readFileSync(path.join(siteDir, 'openapi', file), 'utf8')) as {
    info?: {title?: unknown};
  };
  const title = description.info?.title;
  if (typeof title !== 'string' || title.trim() === '') {
    throw new Error(`api-catalog: openapi/${file} has no info.title to name it by`);
  }
  return title.trim();
}

/**
 * Writes the API catalog (RFC 9727) into the build at
 * `/.well-known/api-catalog` (src/config/api-catalog.ts says what it holds).
 * Its addresses are absolute, on the site's origin (SITE_URL), so it is
 * written for each build rather than kept in `static/`, as robots.txt is.
 * The host serves it as `application/linkset+json` (deploy/nginx/).
 */
export default function apiCatalogPlugin(context: LoadContext): Plugin {
  return {
    name: 'api-catalog',
    async postBuild({outDir}) {
      const catalog = apiCatalog(context.siteConfig.url, (file) => descriptionTitle(context.siteDir, file));
      const file = path.join(outDir, API_CATALOG_PATH);
      mkdirSync(path.dirname(file), {recursive: true});
      writeFileSync(file, `${JSON.stringify(catalog, null, 2)}\n`, 'utf8');
    },
  };
}
