import {writeFileSync} from 'node:fs';
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';

/** The robots.txt of a site at `siteUrl`: every page may be crawled; the sitemap is named in full. */
export function robotsTxt(siteUrl: string, baseUrl: string): string {
  const sitemap = new URL(`${baseUrl.replace(/\/?$/, '/')}sitemap.xml`, siteUrl).href;
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${sitemap}`, ''].join('\n');
}

/**
 * Writes `robots.txt` into the build. It names the sitemap by its absolute
 * address, which depends on SITE_URL, so it is written for each build
 * rather than kept in `static/`.
 */
export default function robotsTxtPlugin(context: LoadContext): Plugin {
  return {
    name: 'robots-txt',
    async postBuild({outDir}) {
      writeFileSync(
        path.join(outDir, 'robots.txt'),
        robotsTxt(context.siteConfig.url, context.siteConfig.baseUrl),
        'utf8',
      );
    },
  };
}
