import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

import {
  ownedBy,
  releaseContents,
  releaseNames,
  releasePageOf,
  type ReleaseItem,
} from './src/api-reference/releases';

/**
 * The sidebars of the earlier releases of the merchant API (docs instance `api-releases`): one per
 * release, its own page first, then a category per section of the API (a file of openapi/gerai/ when
 * the release was cut), its operations under their tags, and the webhook events last. Built from
 * the release's description rather than the generator's sidebar, which groups the joined
 * description by tag alone and names a file's untagged operations "other".
 */
const doc = (release: string, owned: ReadonlySet<string>) => (item: ReleaseItem) =>
  owned.has(item.key)
    ? {
        type: 'doc' as const,
        id: `${release}/${item.id}`,
        label: item.summary,
        className: `api-method ${item.method}`,
      }
    : // An operation the release did not change: the page of the release that last changed it.
      {
        type: 'link' as const,
        href: releasePageOf(item.key, release) ?? '',
        label: item.summary,
        className: `api-method ${item.method}`,
      };

/** A release's sidebar: its own page, then its sections with their operations by tag. */
function releaseSidebar(release: string) {
  const owned = ownedBy(release);
  return [
    {type: 'doc' as const, id: `${release}/release`, label: `Release ${release}`},
    ...releaseContents(release).map((section) => ({
      type: 'category' as const,
      label: section.label,
      items: [
        ...section.items.map(doc(release, owned)),
        ...section.tags.map((tag) => ({
          type: 'category' as const,
          label: tag.label,
          items: tag.items.map(doc(release, owned)),
        })),
      ],
    })),
  ];
}

const sidebars: SidebarsConfig = Object.fromEntries(
  releaseNames().map((release) => [`release-${release}`, releaseSidebar(release)]),
);

export default sidebars;
