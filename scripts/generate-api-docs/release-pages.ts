/**
 * What the portal changes in the pages of an earlier release (`api-releases/<release>/`) before they
 * are put in place: the operation pages lose the encoded operation that the "Try it" panel reads
 * (an earlier release is read, not called: the API answers as it is now) and get their body as
 * HTML (./release-html.ts), and the release gets its
 * own page, `release.info.mdx`, served at `/docs/api/releases/<release>`: what it is, a link to
 * its changelog entry and to the current reference, the switcher between releases, a search of
 * this release alone, and every operation and event it has, by tag.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {inlineCode, jsxString, mdxLine} from '../../src/config/api-reference/mdx';
import {
  CURRENT_RELEASE,
  releaseEntry,
  releaseNames,
  releasePath,
  releaseContents,
  RELEASES_ROUTE,
  type ReleaseItem,
  type ReleaseLink,
  type ReleaseSection,
} from '../../src/config/api-reference/releases';
import {PRODUCT_NAME} from '../../src/constants';
import {substituteTokens} from '../../src/remark/substitute-tokens';
import type {Target} from './layout';
import {releaseBodyHtml} from './release-html';

/** The search page's address for one release's pages (the local search's `version` parameter). */
export const releaseSearch = (release: string) => `/search?version=${RELEASES_ROUTE.slice(1)}/${release}/`;

/** A release's operations and events as a list of links, by section and tag. */
function contentsList(sections: readonly ReleaseSection[]): string[] {
  const line = (item: ReleaseItem) =>
    `- [${mdxLine(item.summary)}](./${item.id}.api.mdx): ${inlineCode(item.method === 'event' ? `Webhook ${item.key}` : item.key)}`;
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
    `Each page of this release says where its operation is now. [Search this release](${releaseSearch(release)}) ` +
      'finds words in these pages alone; the search box answers from the current reference and the guides.',
    '',
    '## Operations and events',
    '',
    ...contentsList(sections),
  ].join('\n');
}

/** The component that draws an earlier release's page body, written as HTML (./release-html.ts). */
const BODY = 'ReleasePageBody';

/**
 * An operation page of an earlier release, as the build reads it: without the encoded operation in
 * its front matter, and with its body, after the release switcher, as one string of HTML.
 */
export function releaseOperationPage(page: string, file: string): string {
  const withoutApi = page.replace(/^api: .*\n/m, '');
  const switcher = /^<ApiReleaseSwitcher .*\/>$/m.exec(withoutApi);
  if (!switcher)
    throw new Error(`${file}: the page writer wrote no release switcher to end the page's head at`);
  const end = switcher.index + switcher[0].length;
  const head = withoutApi.slice(0, end);
  const body = substituteTokens(withoutApi.slice(end), undefined, file);
  let html: string;
  try {
    html = releaseBodyHtml(body);
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
  }
  return head
    .replace(/^(import ApiEndpoint .*)$/m, `$1\nimport ${BODY} from "@site/src/components/${BODY}";`)
    .concat(`\n\n<${BODY} html=${jsxString(html)} />\n`);
}

/**
 * Where converted pages are kept, by the hash of what the generator wrote and of the converting
 * code: under `node_modules/.cache/`, like the bundler's cache, so that every copy of the
 * repository that links the same packages (the tests' copies, `npm run bench:scale`'s) and every
 * later `gen-api --force` reuse them. A release never changes, so its pages are converted once.
 * `npm run clear` (`docusaurus clear`) empties the folder with the bundler's cache.
 */
const CACHE = path.resolve(__dirname, '..', '..', 'node_modules', '.cache', 'gerai-release-pages');

/** The converting code's own files: a change of either converts every page again. */
const CONVERTER = ['release-pages.ts', 'release-html.ts'].map((name) =>
  readFileSync(path.join(__dirname, name), 'utf8'),
);

/** releaseOperationPage, read from the cache when the same page was converted before. */
function cachedOperationPage(page: string, file: string): string {
  const key = createHash('sha256').update(CONVERTER.join('\0')).update('\0').update(page).digest('hex');
  const cached = path.join(CACHE, `${key}.mdx`);
  if (existsSync(cached)) return readFileSync(cached, 'utf8');
  const converted = releaseOperationPage(page, file);
  try {
    mkdirSync(CACHE, {recursive: true});
    // Written whole under another name first: a reader never sees half a page.
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, converted);
    renameSync(partial, cached);
  } catch {
    // A cache that cannot be written (a read-only node_modules) only costs the next run its time.
  }
  return converted;
}

/**
 * Writes each operation page of a release target as the build reads it (releaseOperationPage), and
 * the release's own page.
 */
export function finishReleasePages(staging: string, target: Target): void {
  const folder = path.join(staging, target.dir);
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.api.mdx')) continue;
    const file = path.join(folder, name);
    writeFileSync(file, cachedOperationPage(readFileSync(file, 'utf8'), path.join(target.dir, name)));
  }
  writeFileSync(path.join(folder, 'release.info.mdx'), releasePage(target.id));
}
