import {existsSync} from 'node:fs';
import path from 'node:path';

import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

import {
  RELEASE_PAGES_DIR,
  releaseContents,
  releaseNames,
  type ReleaseItem,
} from './src/config/api-reference/releases';
import {DEV_SERVER_VARIABLE} from './src/plugins/dev-server';

/**
 * The sidebars of the earlier releases of the merchant API (docs instance `api-releases`): one per
 * release, its own page first, then a category per section of the API (a file of openapi/gerai/ when
 * the release was cut), its operations under their tags, and the webhook events last. Built from
 * the release's description rather than the generator's sidebar, which groups the joined
 * description by tag alone and names a file's untagged operations "other".
 */
const doc = (release: string) => (item: ReleaseItem) => ({
  type: 'doc' as const,
  id: `${release}/${item.id}`,
  label: item.summary,
  className: `api-method ${item.method}`,
});

/**
 * Whether the page file is there. `npm start` writes the releases' pages after the current
 * reference's, once the server has served its first page (scripts/start-site/reference.ts): until
 * then the development server leaves out the pages not yet written. `npm run build` writes every
 * page first, and a sidebar naming a missing page stops it.
 */
const written =
  process.env[DEV_SERVER_VARIABLE] === 'true'
    ? (release: string, file: string) => existsSync(path.join(__dirname, RELEASE_PAGES_DIR, release, file))
    : () => true;

const sidebars: SidebarsConfig = Object.fromEntries(
  releaseNames().map((release) => {
    const pages = (items: ReleaseItem[]) =>
      items.filter((item) => written(release, `${item.id}.api.mdx`)).map(doc(release));
    return [
      `release-${release}`,
      [
        ...(written(release, 'release.info.mdx')
          ? [{type: 'doc' as const, id: `${release}/release`, label: `Release ${release}`}]
          : []),
        ...releaseContents(release)
          .map((section) => ({
            type: 'category' as const,
            label: section.label,
            items: [
              ...pages(section.items),
              ...section.tags
                .map((tag) => ({type: 'category' as const, label: tag.label, items: pages(tag.items)}))
                .filter((tag) => tag.items.length > 0),
            ],
          }))
          .filter((section) => section.items.length > 0),
      ],
    ];
  }),
);

export default sidebars;
