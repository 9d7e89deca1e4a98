/**
 * What the MCP server answers from: a built site's folder, as `npm run build` writes it and any
 * static host serves it. Nothing is copied or indexed again:
 *
 * - the pages are the Markdown copies (`<route>.md`, src/plugins/page-markdown), read when asked
 *   for; their titles and descriptions come from the copies' front matter at start;
 * - the search is the site's own engine (src/plugins/search/query/worker.ts) over the site's own
 *   index files (./search.ts);
 * - the operations and events are those of the OpenAPI descriptions the site publishes under
 *   `/openapi/` (the merchant API joined, and the description in the sample's place), each with
 *   the address of its reference page, read from that page's Markdown (`**POST** \`/path\``).
 */
import {existsSync, readdirSync, readFileSync, realpathSync, statSync} from 'node:fs';
import path from 'node:path';

import {parseYaml} from '@redocly/openapi-core';

import {
  API_CHANGES_DOWNLOAD,
  GERAI_FULL_DOWNLOAD,
  jsonCopyOf,
  OPENAPI_DOWNLOADS_PATH,
  RELEASE_DOWNLOADS_PATH,
} from '../../src/config/openapi';
import type {ChangeHistory} from '../mcp-package/publish-releases';

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

export interface Page {
  /** The page's address on the site: `/docs/api/intro`. */
  readonly route: string;
  /** The page's absolute address: the site's origin and the route. */
  readonly url: string;
  readonly title: string;
  readonly description: string;
  /** The Markdown file, inside the build folder. */
  readonly file: string;
}

/** The APIs the site renders, by the id a tool takes. */
export const APIS = {
  merchant: {
    title: 'Merchant API',
    download: `${OPENAPI_DOWNLOADS_PATH}${GERAI_FULL_DOWNLOAD}`,
    pages: /^\/docs\/api\/(?!releases\/)/,
  },
  sample: {
    title: 'The API in the sample’s place',
    download: `${OPENAPI_DOWNLOADS_PATH}petstore.yaml`,
    pages: /^\/api\//,
  },
} as const;
export type ApiId = keyof typeof APIS;

/** The routes of a release's reference pages: `/docs/api/releases/2026-11-22/...`. */
const RELEASE_PAGES = /^\/docs\/api\/releases\/(\d{4}-\d{2}-\d{2})\//;

/**
 * A description the portal renders: an API as it stands, or (the merchant API only) one of its
 * releases. As a key: `merchant`, `sample`, `merchant@2026-11-22`.
 */
export const sourceKey = (api: ApiId, release?: string) => (release ? `${api}@${release}` : api);

/** A description's text could not be read: the message says which file and why. */
export class PortalError extends Error {}

/** The front matter fields of a Markdown copy (JSON strings, as the plugin writes them). */
function frontMatter(text: string): Record<string, string> {
  const block = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const match = /^([a-z_]+): (".*")$/.exec(line);
    if (match?.[1] && match[2]) fields[match[1]] = JSON.parse(match[2]) as string;
  }
  return fields;
}

/** Every `.md` file under `folder`, as paths relative to it. */
function markdownFiles(folder: string, base = ''): string[] {
  return readdirSync(path.join(folder, base), {withFileTypes: true}).flatMap((entry) => {
    const relative = path.join(base, entry.name);
    if (entry.isDirectory()) return markdownFiles(folder, relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

/** The route of a Markdown copy: `docs/api/intro.md` is `/docs/api/intro`, `index.md` is `/`. */
function routeOf(file: string): string {
  const route = `/${file.split(path.sep).join('/').replace(/\.md$/, '')}`;
  return route === '/index' ? '/' : route;
}

/** The method and path, or the event name, a reference page's Markdown opens with. */
const PAGE_OPERATION = /^\*\*(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE|Webhook)\*\* `([^`]+)`$/m;

export class Portal {
  readonly folder: string;
  readonly origin: string;
  readonly pages: readonly Page[];
  /** Pages by route, and by their absolute address. */
  private readonly byRoute = new Map<string, Page>();
  /** `METHOD /path` or an event's name, by description (sourceKey): the route of its page. */
  readonly operationRoutes = new Map<string, Map<string, string>>();
  private readonly descriptions = new Map<string, Record<string, unknown>>();
  /** The merchant API's releases and their changes, as the build publishes them; empty without. */
  readonly history: ChangeHistory;

  constructor(folder: string) {
    if (!existsSync(path.join(folder, 'llms.txt'))) {
      throw new PortalError(
        `${folder} is not a built portal (it has no llms.txt): run \`npm run build\`, or name the build folder.`,
      );
    }
    this.folder = realpathSync(folder);
    const pages: Page[] = [];
    let origin = '';
    for (const file of markdownFiles(this.folder).sort()) {
      const text = readFileSync(path.join(this.folder, file), 'utf8');
      const fields = frontMatter(text);
      if (!fields.title || !fields.canonical_url) continue;
      origin ||= new URL(fields.canonical_url).origin;
      const page: Page = {
        route: routeOf(file),
        url: fields.canonical_url,
        title: fields.title,
        description: fields.description ?? '',
        file: path.join(this.folder, file),
      };
      pages.push(page);
      const operation = PAGE_OPERATION.exec(text.slice(0, 2000));
      if (operation) {
        const key = operation[1] === 'Webhook' ? (operation[2] ?? '') : `${operation[1]} ${operation[2]}`;
        const release = RELEASE_PAGES.exec(page.route)?.[1];
        const api = (Object.keys(APIS) as ApiId[]).find((id) => APIS[id].pages.test(page.route));
        const source = release ? sourceKey('merchant', release) : api;
        if (source !== undefined) {
          if (!this.operationRoutes.has(source)) this.operationRoutes.set(source, new Map());
          this.operationRoutes.get(source)?.set(key, page.route);
        }
      }
    }
    this.history = readHistory(this.folder);
    this.origin = origin;
    this.pages = pages;
    for (const page of pages) this.byRoute.set(page.route, page);
  }

  /**
   * The page an id names: its route (`/docs/api/intro`), its address on the site, the address of
   * its Markdown, with or without a fragment or query. Undefined for anything else: no file
   * outside the build is ever read, and no other address is ever fetched.
   */
  page(id: string): Page | undefined {
    let route = id.trim();
    if (/^https?:\/\//i.test(route)) {
      let url: URL;
      try {
        url = new URL(route);
      } catch {
        return undefined;
      }
      if (url.origin !== this.origin) return undefined;
      route = url.pathname;
    }
    route = route.replace(/[?#].*$/, '');
    if (!route.startsWith('/')) route = `/${route}`;
    if (route.split('/').some((segment) => segment === '..' || segment === '.')) return undefined;
    route = route.replace(/\.md$/, '').replace(/\/index$/, '/');
    return (
      this.byRoute.get(route) ?? this.byRoute.get(route.replace(/\/$/, '')) ?? this.byRoute.get(`${route}/`)
    );
  }

  /** A page's Markdown, read from its copy. */
  markdown(page: Page): string {
    return readFileSync(page.file, 'utf8');
  }

  /**
   * The OpenAPI description of an API, or of one of the merchant API's releases, parsed once; a
   * PortalError when it cannot be read or the release is not one of the build's.
   */
  description(api: ApiId, release?: string): Record<string, unknown> {
    const key = sourceKey(api, release);
    const known = this.descriptions.get(key);
    if (known) return known;
    if (release !== undefined && (api !== 'merchant' || !this.history.releases.includes(release))) {
      throw new PortalError(
        api === 'merchant'
          ? `"${release}" is not a release of the merchant API. Its releases: ${this.history.releases.join(', ') || 'none'}.`
          : `Only the merchant API has releases; the ${APIS[api].title} has none.`,
      );
    }
    const published = release ? `${RELEASE_DOWNLOADS_PATH}${release}.yaml` : APIS[api].download;
    // Its JSON copy (scripts/mcp-package/json-copies.ts) parses in a fraction of the time and
    // memory; a build made before the copies existed has the YAML only.
    const copy = jsonCopyOf(published);
    const download = isFile(path.join(this.folder, copy)) ? copy : published;
    const file = path.join(this.folder, download);
    if (!isFile(file)) {
      throw new PortalError(`The build has no ${published}: build the site again.`);
    }
    let doc: unknown;
    try {
      const text = readFileSync(file, 'utf8');
      doc = download === copy ? JSON.parse(text) : parseYaml(text);
    } catch (error) {
      throw new PortalError(
        `${download} is not ${download === copy ? 'JSON' : 'YAML'}: ${(error as Error).message.split('\n')[0]}`,
      );
    }
    if (typeof doc !== 'object' || doc === null) throw new PortalError(`${download} is empty.`);
    this.descriptions.set(key, doc as Record<string, unknown>);
    return doc as Record<string, unknown>;
  }
}

/** The build's history of releases (scripts/mcp-package/publish-releases.ts); none in a build without it. */
function readHistory(folder: string): ChangeHistory {
  const file = path.join(folder, RELEASE_DOWNLOADS_PATH, API_CHANGES_DOWNLOAD);
  if (!existsSync(file)) return {releases: [], steps: []};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ChangeHistory;
  } catch (error) {
    throw new PortalError(
      `${RELEASE_DOWNLOADS_PATH}${API_CHANGES_DOWNLOAD} is not JSON: ${(error as Error).message}`,
    );
  }
}
