/**
 * When each operation and webhook event of the merchant API came into the description, and since
 * when it is deprecated, read from its releases (`openapi/releases/<YYYY-MM-DD>.yaml`, cut by
 * `npm run api:release`): the line under the method and path of each reference page.
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

import {parseYaml} from '@redocly/openapi-core';
import kebabCase from 'lodash/kebabCase';

import {type GeraiApiSection, geraiApiSections} from '../config/openapi';
import {HTTP_METHODS} from './description';

const ROOT = path.resolve(__dirname, '..', '..');
const RELEASES = path.join(ROOT, 'openapi', 'releases');

/**
 * Where the reference pages of the releases are served, one folder per release:
 * `/docs/api/releases/<release>/<page id>`, and the release's own page at `/docs/api/releases/<release>`.
 * The docs plugin instance `api-releases` (docusaurus.config.ts) serves the folder RELEASE_PAGES_DIR.
 */
export const RELEASES_ROUTE = '/docs/api/releases';
export const RELEASE_PAGES_DIR = 'api-releases';
export const releasePath = (release: string) => `${RELEASES_ROUTE}/${release}`;

/**
 * Where `npm run gen-api` writes each release's description as the page generator reads it: with
 * only the operations and events whose page is that release's (see `shownIn` below). Relative to
 * the site, as the generator's `specPath` (docusaurus.config.ts).
 */
export const RELEASE_SPECS_DIR = path.join('.docusaurus', 'api-releases');
export const releaseSpecPath = (release: string) => path.join(RELEASE_SPECS_DIR, `${release}.yaml`);

/** The names of the releases in `folder` (their file names are their dates), oldest first. */
export function releaseNames(folder = RELEASES): string[] {
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((file) => /^\d{4}-\d{2}-\d{2}\.yaml$/.test(file))
        .map((file) => file.slice(0, -'.yaml'.length))
        .sort()
    : [];
}

/** What the generator names an operation's or event's page: its operationId, else its summary, in kebab case. */
function pageId(operation: {operationId?: string; summary?: string}, name: string): string {
  return kebabCase(operation.operationId ?? operation.summary ?? name);
}

export interface ReleaseHistory {
  /** The releases, oldest first. */
  readonly releases: readonly string[];
  /** By `METHOD /path` or event name: the first release that has it. */
  readonly added: ReadonlyMap<string, string>;
  /** By `METHOD /path` or event name: the first release since which it has stayed deprecated. */
  readonly deprecated: ReadonlyMap<string, string>;
  /** By `METHOD /path` or event name: its page's id in each release that has it. */
  readonly pages: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /**
   * By `METHOD /path` or event name: for each release that has it, the release whose page shows
   * it. A release has a page of an operation only where it changed it: the first release of a
   * run of releases that describe it the same way, one after the other, shows it for the run.
   */
  readonly shownIn: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

type Operations<T> = Record<string, Record<string, T | undefined> | undefined>;

/** What the page of an operation is made from, in one release: a hash, equal where the page would be. */
function pageContent(
  doc: Record<string, unknown>,
  area: 'paths' | 'webhooks',
  name: string,
  operation: unknown,
): string {
  const item = (doc[area] as Record<string, Record<string, unknown>>)[name] ?? {};
  const method = HTTP_METHODS.find((candidate) => item[candidate] === operation) ?? '';
  // The path item's own fields (its parameters, servers), without the other methods' operations.
  const shared = Object.fromEntries(
    Object.entries(item).filter(([field]) => !(HTTP_METHODS as readonly string[]).includes(field)),
  );
  const components = new Map<string, unknown>();
  const follow = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(follow);
    if (value === null || typeof value !== 'object') return;
    const ref = (value as {$ref?: unknown}).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && !components.has(ref)) {
      const target = ref
        .slice(2)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], doc);
      components.set(ref, target);
      follow(target);
    }
    Object.values(value).forEach(follow);
  };
  follow([item[method], shared]);
  const {servers, security} = doc as {servers?: unknown; security?: unknown};
  const schemes = (doc.components as {securitySchemes?: unknown} | undefined)?.securitySchemes;
  const content = JSON.stringify([
    name,
    method,
    item[method],
    shared,
    [...components].sort(),
    servers,
    security,
    schemes,
  ]);
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Every operation and webhook event of a description, keyed as the change report names them:
 * `METHOD /path`, or the event's name; with its method in lower case, `event` for an event.
 */
export function operationsOf<T>(doc: {
  paths?: Operations<T>;
  webhooks?: Operations<T>;
}): [key: string, operation: T, method: string, area: 'paths' | 'webhooks', name: string][] {
  const found: [string, T, string, 'paths' | 'webhooks', string][] = [];
  for (const [area, items] of [
    ['paths', doc.paths],
    ['webhooks', doc.webhooks],
  ] as const) {
    for (const [name, item] of Object.entries(items ?? {})) {
      for (const method of HTTP_METHODS) {
        const operation = item?.[method];
        if (operation === undefined) continue;
        found.push(
          area === 'paths'
            ? [`${method.toUpperCase()} ${name}`, operation, method, area, name]
            : [name, operation, 'event', area, name],
        );
      }
    }
  }
  return found;
}

/** The history of the releases in `folder` (their file names are their dates). */
export function readReleaseHistory(folder = RELEASES): ReleaseHistory {
  const releases = releaseNames(folder);
  const added = new Map<string, string>();
  const deprecated = new Map<string, string>();
  const pages = new Map<string, Map<string, string>>();
  const shownIn = new Map<string, Map<string, string>>();
  /** By key: the release before, its page's id and content, and the release whose page showed it. */
  let before = new Map<string, {id: string; content: string; shown: string}>();
  for (const release of releases) {
    const doc = parseYaml(readFileSync(path.join(folder, `${release}.yaml`), 'utf8')) as Description;
    const now = new Map<string, {id: string; content: string; shown: string}>();
    for (const [key, operation, , area, name] of operationsOf(doc)) {
      if (!added.has(key)) added.set(key, release);
      if (operation.deprecated !== true) deprecated.delete(key);
      else if (!deprecated.has(key)) deprecated.set(key, release);
      const id = pageId(operation, key);
      if (!pages.has(key)) pages.set(key, new Map());
      pages.get(key)?.set(release, id);
      const content = pageContent(doc as Record<string, unknown>, area, name, operation);
      const previous = before.get(key);
      const shown = previous?.id === id && previous.content === content ? previous.shown : release;
      now.set(key, {id, content, shown});
      if (!shownIn.has(key)) shownIn.set(key, new Map());
      shownIn.get(key)?.set(release, shown);
    }
    before = now;
  }
  return {releases, added, deprecated, pages, shownIn};
}

interface PageOperation {
  operationId?: string;
  summary?: string;
  deprecated?: boolean;
}

interface Description {
  paths?: Operations<PageOperation>;
  webhooks?: Operations<PageOperation>;
}

/** A section's file of the current description, in `root`. */
const sectionFile = (root: string, section: GeraiApiSection) =>
  path.join(root, 'openapi', 'gerai', section.file);

/** A section's operations and events, each with the route of its page; none when its file is missing or does not parse. */
function sectionPages(root: string, section: GeraiApiSection): [string, string][] {
  const file = sectionFile(root, section);
  if (!existsSync(file)) return [];
  let doc: Description;
  try {
    doc = parseYaml(readFileSync(file, 'utf8')) as Description;
  } catch {
    // The linter reports a file that does not parse; its pages are not written either.
    return [];
  }
  return operationsOf(doc ?? {}).map(([key, operation]) => [
    key,
    `/docs/api/${section.outputDir}/${pageId(operation, key)}`,
  ]);
}

/** By `METHOD /path` or event name: the route of its page in the current reference (docs/api/<section>/). */
export function readCurrentPages(root = ROOT): Map<string, string> {
  return new Map(geraiApiSections.flatMap((section) => sectionPages(root, section)));
}

/** The modification times of a folder's files, which change when one of them does. */
function folderStamp(folder: string): string {
  return existsSync(folder)
    ? readdirSync(folder)
        .map((file) => `${file}:${statSync(path.join(folder, file)).mtimeMs}`)
        .join('|')
    : '';
}

let cached: {stamp: string; history: ReleaseHistory} | undefined;

/** The history of the repository's releases, read again only when a release file changes. */
export function repositoryHistory(): ReleaseHistory {
  const stamp = folderStamp(RELEASES);
  if (cached?.stamp !== stamp) cached = {stamp, history: readReleaseHistory()};
  return cached.history;
}

/** Each section's pages (sectionPages) by its file, with the file's modification time and size. */
const cachedSections = new Map<string, {stamp: string; pages: [string, string][]}>();
let cachedCurrent: {stamp: string; pages: Map<string, string>} | undefined;

/**
 * The current reference's routes (readCurrentPages), in `root` (the repository by default). A
 * section's file is read again only when it changes: the development server needs them for each
 * page it writes after a saved description, and reading every section again for one changed took
 * half a second at a hundred times the content.
 */
export function repositoryCurrentPages(root = ROOT): ReadonlyMap<string, string> {
  const stamps = geraiApiSections.map((section) => {
    const status = statSync(sectionFile(root, section), {throwIfNoEntry: false});
    return status ? `${status.mtimeMs} ${status.size}` : '';
  });
  const stamp = `${root}\n${stamps.join('|')}`;
  if (cachedCurrent?.stamp !== stamp) {
    const pages = geraiApiSections.flatMap((section, index) => {
      const file = sectionFile(root, section);
      let known = cachedSections.get(file);
      if (known?.stamp !== stamps[index]) {
        known = {stamp: stamps[index], pages: sectionPages(root, section)};
        cachedSections.set(file, known);
      }
      return known.pages;
    });
    cachedCurrent = {stamp, pages: new Map(pages)};
  }
  return cachedCurrent.pages;
}

/** The changelog entry of a release (its slug: changelog/<date>-release.mdx). */
export const releaseEntry = (release: string) => `/changelog/release-${release}`;

/**
 * What a reference page says of its operation's releases: the release that added it (or that it
 * is in none yet), and since which release it is deprecated. Empty when there is no release.
 */
export function releaseLine(key: string, deprecatedNow: boolean, history = repositoryHistory()): string {
  const last = history.releases.at(-1);
  if (last === undefined) return '';
  const link = (release: string) => `[release ${release}](${releaseEntry(release)})`;
  const added = history.added.get(key);
  const parts = [added ? `Added in ${link(added)}.` : `New since ${link(last)}: in no release yet.`];
  if (deprecatedNow) {
    const since = history.deprecated.get(key);
    parts.push(
      since ? `Deprecated since ${link(since)}.` : `Deprecated after ${link(last)}, in no release yet.`,
    );
  }
  return parts.join(' ');
}

/** The label of the current description in the release switcher and on the search page. */
export const CURRENT_RELEASE = 'current';

/** One entry of a page's release switcher (src/components/ApiReleaseSwitcher). */
export interface ReleaseLink {
  /** A release's name, or CURRENT_RELEASE. */
  readonly release: string;
  /** The same page in that release, or the release's own page when it does not have the operation. */
  readonly href: string;
  /** Whether that release has the operation. */
  readonly has: boolean;
}

/** The switcher's entries for an operation or event: the current reference first, then each release, newest first. */
export function releaseLinks(
  key: string,
  history = repositoryHistory(),
  current: ReadonlyMap<string, string> = repositoryCurrentPages(),
): ReleaseLink[] {
  const route = current.get(key);
  const links: ReleaseLink[] = [
    {release: CURRENT_RELEASE, href: route ?? '/docs/api/intro', has: route !== undefined},
  ];
  for (const release of [...history.releases].reverse()) {
    const page = releasePageOf(key, release, history);
    links.push({release, href: page ?? releasePath(release), has: page !== undefined});
  }
  return links;
}

/** The route of the page that shows `key` as `release` described it, if that release has it. */
export function releasePageOf(
  key: string,
  release: string,
  history = repositoryHistory(),
): string | undefined {
  const id = history.pages.get(key)?.get(release);
  const shown = history.shownIn.get(key)?.get(release);
  return id === undefined || shown === undefined ? undefined : `${releasePath(shown)}/${id}`;
}

/** The operations and events whose page is `release`'s own: those it changed or added. */
export function ownedBy(release: string, history = repositoryHistory()): Set<string> {
  return new Set(
    [...history.shownIn].filter(([, shown]) => shown.get(release) === release).map(([key]) => key),
  );
}

/**
 * The routes of a release's reference: its own page, and the page that shows each of its
 * operations and events (its own, or an earlier release's that it did not change).
 */
export function releaseRoutes(release: string, history = repositoryHistory()): string[] {
  const pages = [...history.pages.keys()].flatMap((key) => releasePageOf(key, release, history) ?? []);
  return [releasePath(release), ...pages];
}

/**
 * Where the address of an operation in a release that did not change it leads: to the page of the
 * release that did. Every release once had a page per operation: its addresses keep working.
 */
export function releaseRedirects(history = repositoryHistory()): {from: string; to: string}[] {
  return [...history.pages].flatMap(([key, ids]) =>
    [...ids].flatMap(([release, id]) => {
      const to = releasePageOf(key, release, history);
      const from = `${releasePath(release)}/${id}`;
      return to && to !== from ? [{from, to}] : [];
    }),
  );
}

/**
 * What an earlier release's page says first: which release it shows, and where the operation is
 * now (its current page, or that the current reference no longer has it, with the release that
 * removed it).
 */
export function earlierReleaseNotice(
  key: string,
  release: string,
  history = repositoryHistory(),
  current: ReadonlyMap<string, string> = repositoryCurrentPages(),
): string {
  const route = current.get(key);
  const later = history.releases.filter((name) => name > release);
  const removedIn = later.find((name) => !history.pages.get(key)?.has(name));
  // The later releases that describe it the same way, whose addresses lead to this page.
  const same = later.filter((name) => history.shownIn.get(key)?.get(name) === release);
  const until = same.at(-1);
  const now = route
    ? `[Read this page in the current reference](${route}).`
    : removedIn
      ? `It was removed in [release ${removedIn}](${releaseEntry(removedIn)}) and is not in the current reference.`
      : 'It is not in the current reference: it was removed after the last release.';
  return [
    ':::note[Earlier release]',
    '',
    `This page shows [release ${release}](${releasePath(release)}) of the @@PRODUCT@@ merchant API, not the current one` +
      (until
        ? `; the releases after it up to [release ${until}](${releasePath(until)}) describe it the same way. `
        : '. ') +
      now,
    '',
    ':::',
  ].join('\n');
}

/** An operation or event of a release, as its sidebar and its own page list it. */
export interface ReleaseItem {
  /** The page's id in the release's folder. */
  readonly id: string;
  /** The operation's summary (its sidebar label). */
  readonly summary: string;
  /** The method in lower case, or `event`. */
  readonly method: string;
  /** `METHOD /path`, or the event's name. */
  readonly key: string;
}

/** A section of a release (a tag group of the joined description), its operations by tag. */
export interface ReleaseSection {
  readonly label: string;
  /** The operations of the section's tags that have no name of their own (`redocly join`'s `<file>_other`). */
  readonly items: ReleaseItem[];
  /** The section's named tags, each with its operations. */
  readonly tags: {readonly label: string; readonly items: ReleaseItem[]}[];
}

interface TaggedOperation extends PageOperation {
  tags?: string[];
}

interface JoinedDescription {
  tags?: {name: string; 'x-displayName'?: string}[];
  'x-tagGroups'?: {name: string; tags: string[]}[];
  paths?: Operations<TaggedOperation>;
  webhooks?: Operations<TaggedOperation>;
}

/** The label of the webhook events' section of a release. */
const EVENTS_SECTION = 'Webhook events';

/**
 * What a release has, by section: each tag group of its joined description (`x-tagGroups`, one per
 * file of openapi/gerai/, named as the file's `info.title`), its operations under their tags, and
 * its webhook events last. A tag `redocly join` made for a file's untagged operations
 * (`<file>_other`) adds its operations to the section itself.
 */
export function releaseContents(release: string, folder = RELEASES): ReleaseSection[] {
  const doc = parseYaml(readFileSync(path.join(folder, `${release}.yaml`), 'utf8')) as JoinedDescription;
  const display = new Map((doc.tags ?? []).map((tag) => [tag.name, tag['x-displayName'] ?? tag.name]));
  const byTag = new Map<string, ReleaseItem[]>();
  const events: ReleaseItem[] = [];
  const untagged: ReleaseItem[] = [];
  for (const [key, operation, method] of operationsOf(doc)) {
    const entry = {id: pageId(operation, key), summary: operation.summary ?? key, method, key};
    const tag = operation.tags?.[0];
    if (method === 'event') events.push(entry);
    else if (tag === undefined) untagged.push(entry);
    else byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
  }
  const sections: ReleaseSection[] = [];
  const placed = new Set<string>();
  for (const group of doc['x-tagGroups'] ?? []) {
    const section: ReleaseSection = {label: group.name, items: [], tags: []};
    for (const tag of group.tags) {
      placed.add(tag);
      const items = byTag.get(tag) ?? [];
      if (items.length === 0) continue;
      if (/_other$/.test(tag)) section.items.push(...items);
      else section.tags.push({label: display.get(tag) ?? tag, items});
    }
    if (section.items.length + section.tags.length > 0) sections.push(section);
  }
  const rest = [...byTag].filter(([tag]) => !placed.has(tag));
  if (rest.length > 0 || untagged.length > 0) {
    sections.push({
      label: 'Other operations',
      items: untagged,
      tags: rest.map(([tag, items]) => ({label: display.get(tag) ?? tag, items})),
    });
  }
  if (events.length > 0) sections.push({label: EVENTS_SECTION, items: events, tags: []});
  return sections;
}
