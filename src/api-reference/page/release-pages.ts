/**
 * What the portal changes in the pages of an earlier release (`api-releases/<release>/`) before they
 * are put in place: the operation pages lose the encoded operation that the "Try it" panel reads
 * (an earlier release is read, not called: the API answers as it is now) and get their body as
 * HTML (./html.ts), and the release gets its
 * own page, `release.info.mdx`, served at `/docs/api/releases/<release>`: what it is, a link to
 * its changelog entry and to the current reference, the switcher between releases, a search of
 * this release alone, and every operation and event it has, by tag.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {parseYaml} from '@redocly/openapi-core';

import {inlineCode, jsxString, mdxLine} from './mdx';
import {
  CURRENT_RELEASE,
  operationsOf,
  ownedBy,
  releaseEntry,
  releaseNames,
  releasePageOf,
  releasePath,
  releaseContents,
  releaseSpecPath,
  RELEASES_ROUTE,
  repositoryHistory,
  type ReleaseItem,
  type ReleaseLink,
  type ReleaseSection,
} from '../releases';
import {PRODUCT_NAME} from '../../constants';
import type {Target} from '../layout';
import {
  bodyHtml,
  type ConvertedPage,
  convertedPage,
  HTML_COMPONENT,
  pageParts,
  rewriteOperationPages,
} from './html';

/** The search page's address for one release's pages (the local search's `version` parameter). */
export const releaseSearch = (release: string) => `/search?version=${RELEASES_ROUTE.slice(1)}/${release}/`;

/**
 * A release's operations and events as a list of links, by section and tag: to the release's own
 * page of each one it changed, and to the earlier release's page of each one it did not.
 */
function contentsList(release: string, sections: readonly ReleaseSection[]): string[] {
  const owned = ownedBy(release);
  const target = (item: ReleaseItem) =>
    owned.has(item.key) ? `./${item.id}.api.mdx` : (releasePageOf(item.key, release) ?? releasePath(release));
  const line = (item: ReleaseItem) =>
    `- [${mdxLine(item.summary)}](${target(item)}): ${inlineCode(item.method === 'event' ? `Webhook ${item.key}` : item.key)}`;
  return sections.flatMap((section) => [
    `### ${mdxLine(section.label)}`,
    '',
    ...section.items.map(line),
    ...(section.items.length > 0 ? [''] : []),
    ...section.tags.flatMap((tag) => [`#### ${mdxLine(tag.label)}`, '', ...tag.items.map(line), '']),
  ]);
}

/** The release's own page. */
function releasePage(release: string): string {
  const sections = releaseContents(release);
  const count = sections.reduce(
    (sum, section) => sum + section.items.length + section.tags.reduce((n, tag) => n + tag.items.length, 0),
    0,
  );
  const links: ReleaseLink[] = [
    {release: CURRENT_RELEASE, href: '/docs/api/intro', has: true},
    ...releaseNames()
      .reverse()
      .map((name) => ({release: name, href: releasePath(name), has: true})),
  ];
  const title = `Release ${release} of the ${PRODUCT_NAME} merchant API`;
  return [
    '---',
    'id: release',
    `title: ${JSON.stringify(title)}`,
    `sidebar_label: ${JSON.stringify(`Release ${release}`)}`,
    `slug: /${release}`,
    `description: ${JSON.stringify(
      `The ${PRODUCT_NAME} merchant API as release ${release} described it: its ${count} operations and webhook events, each with its parameters, fields and responses as they were then.`,
    )}`,
    'custom_edit_url: null',
    '---',
    '',
    'import ApiReleaseSwitcher from "@site/src/components/ApiReleaseSwitcher";',
    '',
    `# Release ${release}`,
    '',
    ':::note[Earlier release]',
    '',
    `These pages show the @@PRODUCT@@ merchant API as release ${release} described it, not as it is now. ` +
      'The [current reference](/docs/api/intro) documents the API you call today; ' +
      `[the changelog entry of release ${release}](${releaseEntry(release)}) says what this release changed.`,
    '',
    ':::',
    '',
    `<ApiReleaseSwitcher shown=${jsxString(release)} links={${JSON.stringify(links)}} />`,
    '',
    `Each page of this release says where its operation is now. An operation this release did not change ` +
      'is shown by the page of the release that last changed it. ' +
      `[Search this release](${releaseSearch(release)}) finds words in its pages alone; the search box answers ` +
      'from the current reference and the guides.',
    '',
    '## Operations and events',
    '',
    ...contentsList(release, sections),
  ].join('\n');
}

/**
 * An operation page of an earlier release, as the build reads it: without the encoded operation in
 * its front matter, and with its body, after the release switcher, as one string of HTML.
 */
export function releaseOperationPage(page: string, file: string): ConvertedPage {
  return convertedPage(page, file, __filename, () => {
    const {head, body} = pageParts(page.replace(/^api: .*\n/m, ''), file);
    return {page: `${head}\n\n<${HTML_COMPONENT} html=${jsxString(bodyHtml(body))} />\n`, blocks: []};
  });
}

/**
 * Writes the description of `release` as the page generator reads it (releaseSpecPath), with only
 * the operations and events the release changed or added: the others have their page in the
 * release that last changed them. Returns how many it has.
 */
export function writeReleaseSpec(root: string, release: string, history = repositoryHistory()): number {
  const file = path.join(root, 'openapi', 'releases', `${release}.yaml`);
  const doc = parseYaml(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const owned = ownedBy(release, history);
  const kept = operationsOf(doc).filter(([key]) => owned.has(key));
  // Each path and event with only its owned operations, and the path item's own fields.
  const areas: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [, operation, , area, name] of kept) {
    const item = (doc[area] as Record<string, Record<string, unknown>>)[name] ?? {};
    const fields = Object.entries(item).filter(
      ([, value]) => value === operation || !isOperation(item, value),
    );
    areas[area] = {...areas[area], [name]: {...areas[area]?.[name], ...Object.fromEntries(fields)}};
  }
  const target = path.join(root, releaseSpecPath(release));
  mkdirSync(path.dirname(target), {recursive: true});
  writeFileSync(
    target,
    JSON.stringify({
      ...doc,
      paths: areas.paths ?? {},
      ...(doc.webhooks ? {webhooks: areas.webhooks ?? {}} : {}),
    }),
  );
  return kept.length;
}

/** Whether `value` is one of the operations of the path item `item`. */
function isOperation(item: Record<string, unknown>, value: unknown): boolean {
  return operationsOf({paths: {item}}).some(([, operation]) => operation === value);
}

/**
 * Writes each operation page of a release target as the build reads it (releaseOperationPage), and
 * the release's own page.
 */
export function finishReleasePages(staging: string, target: Target): void {
  rewriteOperationPages(staging, target, releaseOperationPage);
  writeFileSync(path.join(staging, target.dir, 'release.info.mdx'), releasePage(target.id));
}
