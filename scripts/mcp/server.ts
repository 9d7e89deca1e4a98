/**
 * The portal's MCP server: the tools and resources an AI assistant calls, over a built site
 * (./portal.ts). Every tool is read-only and answers in text and in `structuredContent` that its
 * `outputSchema` describes. One McpServer is made per connection (stdio) or per request
 * (Streamable HTTP, stateless: ./http.ts); the portal and the search engine behind them are
 * loaded once per process.
 */
import {McpServer, ResourceTemplate} from '@modelcontextprotocol/sdk/server/mcp.js';
import {ErrorCode, ListResourcesRequestSchema, McpError} from '@modelcontextprotocol/sdk/types.js';
import GithubSlugger from 'github-slugger';
import {z} from 'zod';

import {MAX_QUERY_LENGTH} from '../../src/theme/SearchBar/queryLength';
import {operationDetails, type OperationEntry, operationsOf} from './operations';
import {MCP_SERVER_INFO} from '../../src/config/mcp';
import {MCP_TOOLS} from '../../src/config/mcp-server-card';
import type {ChangeHistory} from '../mcp-package/publish-releases';
import {type ApiId, APIS, type Page, Portal, PortalError, sourceKey} from './portal';
import {createSearch, type Hit} from './search';

/** Each tool's title and description, as the server card publishes them (src/config/mcp-server-card.ts). */
const TOOLS = Object.fromEntries(MCP_TOOLS.map((tool) => [tool.name, tool])) as Record<
  'search' | 'fetch' | 'list_operations' | 'get_operation' | 'api_changes' | 'verify_webhook_signature',
  (typeof MCP_TOOLS)[number]
>;

/** The server's name and version, as an assistant sees them (src/config/mcp.ts). */
export const SERVER_INFO = MCP_SERVER_INFO;

/** The most Markdown one `fetch` answers; a longer page comes in parts, each with the next's cursor. */
export const PART_LENGTH = 24_000;
/** How many pages one `resources/list` answers. */
export const RESOURCES_PAGE = 100;
/** How many operations one `list_operations` answers. */
export const OPERATIONS_PAGE = 50;
/** The largest webhook payload `verify_webhook_signature` checks (a delivery is far smaller). */
export const MAX_PAYLOAD_LENGTH = 1_000_000;

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/** The sections `search` can keep to, by the routes of their pages. */
const SECTIONS = {
  guides: /^\/docs\/docs\//,
  reference: /^\/docs\/api\//,
  sample: /^\/api\//,
  changelog: /^\/changelog\//,
  blog: /^\/blog\//,
} as const;

/** What a process loads once and every server it makes shares. */
export interface Loaded {
  readonly portal: Portal;
  readonly search: (query: string, limit: number) => Promise<Hit[]>;
  /** Settles once the search has loaded its index and compiled (./search.ts): queries are then fastest. */
  readonly searchReady: Promise<void>;
  /**
   * The operations of an API or of one of the merchant API's releases, in their description's
   * order, with their pages' addresses and the release that last changed each.
   */
  readonly operations: (api: ApiId, release?: string) => ListedEntry[];
  /** What `get_operation` answers of one of them: worked out once, as the descriptions never change. */
  readonly details: (api: ApiId, release: string | undefined, entry: ListedEntry) => Details;
}

type Details = ReturnType<typeof operationDetails>;

/** An operation or event as the tools list it. */
export type ListedEntry = OperationEntry & {
  readonly url?: string;
  /** The last release whose changes name it, or `current` when changed since the last release. */
  readonly changedIn?: string;
};

export function load(folder: string): Loaded {
  const portal = new Portal(folder);
  const {query: search, ready: searchReady} = createSearch(portal.origin, portal.folder);
  const cache = new Map<string, ListedEntry[]>();
  const operations = (api: ApiId, release?: string) => {
    const source = sourceKey(api, release);
    let entries = cache.get(source);
    if (!entries) {
      const routes = portal.operationRoutes.get(source);
      const changedIn = api === 'merchant' ? lastChanges(portal.history, release) : new Map<string, string>();
      entries = operationsOf(portal.description(api, release)).map((entry) => {
        const route = routes?.get(entry.key);
        const changed = changedIn.get(entry.key);
        return {
          ...entry,
          ...(route ? {url: `${portal.origin}${route}`} : {}),
          ...(changed ? {changedIn: changed} : {}),
        };
      });
      cache.set(source, entries);
    }
    return entries;
  };
  const known = new Map<string, Details>();
  const details = (api: ApiId, release: string | undefined, entry: ListedEntry) => {
    const key = `${sourceKey(api, release)} ${entry.key}`;
    let found = known.get(key);
    if (!found) {
      found = operationDetails(portal.description(api, release), entry);
      known.set(key, found);
    }
    return found;
  };
  return {portal, search, searchReady, operations, details};
}

/** For each operation and event, the last step of the history up to `release` whose changes name it. */
function lastChanges(history: ChangeHistory, release?: string): Map<string, string> {
  const last = new Map<string, string>();
  for (const step of history.steps) {
    for (const change of step.changes) {
      const subject = change.operation ?? change.event;
      if (subject !== undefined) last.set(subject, step.to);
    }
    if (step.to === release) break;
  }
  return last;
}

/** A tool's answer: its structured content, and the same as JSON text for clients that read text. */
function answer<T extends Record<string, unknown>>(structured: T, text?: string) {
  return {
    content: [{type: 'text' as const, text: text ?? JSON.stringify(structured, null, 2)}],
    structuredContent: structured,
  };
}

/** A tool's error: a message the assistant can act on. */
function failure(message: string) {
  return {content: [{type: 'text' as const, text: message}], isError: true};
}

/** A heading of a page's Markdown: its line, its level and its text, code blocks left out. */
interface Heading {
  readonly line: number;
  readonly depth: number;
  readonly text: string;
  /** Its id on the page, as Docusaurus gives it: the plain text slugged, numbered when repeated. */
  readonly id: string;
}

function headingsOf(lines: readonly string[]): Heading[] {
  const slugger = new GithubSlugger();
  let fence = false;
  return lines.flatMap((line, index) => {
    if (/^(```|~~~)/.test(line)) fence = !fence;
    const heading = fence ? undefined : /^(#{1,6}) (.+)$/.exec(line);
    if (!heading?.[1] || !heading[2]) return [];
    const plain = heading[2].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    return [{line: index, depth: heading[1].length, text: heading[2], id: slugger.slug(plain)}];
  });
}

/** The sections a page has, for an answer that names them: its headings of levels 2 and 3. */
const sectionNames = (markdown: string) =>
  headingsOf(markdown.split('\n'))
    .filter(({depth}) => depth === 2 || depth === 3)
    .map(({text}) => text);

/** The part of a page's Markdown under the heading `section` (its text or its anchor), or undefined. */
function sectionOf(markdown: string, section: string): string | undefined {
  const wanted = section.replace(/^#/, '').trim();
  // An anchor is the heading's id; a heading's text, written with or without its Markdown, slugs to it.
  const ids = [wanted, new GithubSlugger().slug(wanted.replace(/[`*]/g, ''))];
  const lines = markdown.split('\n');
  const headings = headingsOf(lines);
  const at = headings.findIndex(({id}) => ids.includes(id));
  const start = headings[at];
  if (!start) return undefined;
  const end = headings.slice(at + 1).find(({depth}) => depth <= start.depth);
  return lines.slice(start.line, end?.line).join('\n').trim();
}

/**
 * `search` in one release of the merchant API: the site's index holds the current reference only,
 * so the release's operations and events are ranked by how many of the query's words their key,
 * operationId, summary and description hold, then in the description's order.
 */
function releaseSearch(loaded: Loaded, release: string, query: string, limit: number): Hit[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}_./{}-]+/gu) ?? [];
  return loaded
    .operations('merchant', release)
    .map((entry) => {
      const description = typeof entry.operation.description === 'string' ? entry.operation.description : '';
      const text = `${entry.key} ${entry.operationId ?? ''} ${entry.summary} ${description}`.toLowerCase();
      return {entry, description, score: words.filter((word) => text.includes(word)).length};
    })
    .filter(({entry, score}) => score > 0 && entry.url)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({entry, description}) => {
      const url = entry.url ?? '';
      const id = new URL(url).pathname;
      return {
        id,
        title: entry.summary || entry.key,
        url,
        breadcrumbs: ['API reference', `Release ${release}`, ...entry.tags.slice(0, 1)],
        snippet:
          `${entry.key}. ${description.length > 280 ? `${description.slice(0, 277)}...` : description}`.trim(),
      };
    });
}

/** How far apart two names are (edits), for naming the closest operations to an unknown one. */
function distance(a: string, b: string): number {
  const previous = Array.from({length: b.length + 1}, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0] ?? 0;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j] ?? 0;
      previous[j] = Math.min(
        above + 1,
        (previous[j - 1] ?? 0) + 1,
        diagonal + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      diagonal = above;
    }
  }
  return previous[b.length] ?? 0;
}

const pageShape = {
  id: z.string().describe('The page’s address on the site, which `fetch` takes as its id.'),
  title: z.string(),
  url: z.string(),
};

/** Makes a server over what `loaded` holds. */
export function createServer(loaded: Loaded): McpServer {
  const {portal} = loaded;
  const server = new McpServer(SERVER_INFO, {
    instructions:
      `Answers questions about the ${SERVER_INFO.title}: guides, the merchant API reference and its webhook events, ` +
      'the changelog. Use `search` first, then `fetch` a result by its id (a `section` keeps the answer short); ' +
      'use `list_operations` and `get_operation` for an endpoint’s parameters, schemas, scopes and an example request.',
  });

  server.registerTool(
    'search',
    {
      title: TOOLS.search.title,
      description: TOOLS.search.description,
      inputSchema: {
        query: z
          .string()
          .min(1)
          .max(MAX_QUERY_LENGTH)
          .describe('Words or a question, at most 200 characters.'),
        limit: z.number().int().min(1).max(20).optional().describe('How many results, 8 unless given.'),
        section: z
          .enum(Object.keys(SECTIONS) as [keyof typeof SECTIONS])
          .optional()
          .describe('Keep to one part of the site.'),
        release: z
          .string()
          .max(40)
          .optional()
          .describe(
            'Search the reference pages of one release of the merchant API instead (their operations and events, by the words of their names, summaries and descriptions).',
          ),
      },
      outputSchema: {
        results: z.array(z.object({...pageShape, breadcrumbs: z.array(z.string()), snippet: z.string()})),
      },
      annotations: {title: TOOLS.search.title, ...READ_ONLY},
    },
    async ({query, limit = 8, section, release}) => {
      if (release !== undefined && !portal.history.releases.includes(release)) {
        return failure(
          `"${release}" is not a release of the merchant API. Its releases: ${portal.history.releases.join(', ') || 'none'}.`,
        );
      }
      const pattern = section ? SECTIONS[section] : undefined;
      const results = release
        ? releaseSearch(loaded, release, query, limit)
        : (await loaded.search(query, pattern ? Math.max(50, limit) : limit))
            .filter((hit) => !pattern || pattern.test(new URL(hit.url).pathname))
            .slice(0, limit)
            .map((hit) => ({...hit, breadcrumbs: [...hit.breadcrumbs]}));
      // The text is the results as JSON, the shape ChatGPT's connectors read from `search`.
      return answer({results}, JSON.stringify({results}));
    },
  );

  server.registerTool(
    'fetch',
    {
      title: TOOLS.fetch.title,
      description: TOOLS.fetch.description,
      inputSchema: {
        id: z
          .string()
          .min(1)
          .max(2048)
          .describe('A search result’s id, the page’s address on the portal, or its path.'),
        section: z.string().max(300).optional().describe('A heading of the page, or its anchor.'),
        cursor: z.string().max(20).optional().describe('The `nextCursor` of the previous part.'),
      },
      outputSchema: {
        ...pageShape,
        text: z.string(),
        metadata: z.object({
          description: z.string(),
          section: z.string().optional(),
          part: z.number().int(),
          parts: z.number().int(),
          nextCursor: z.string().optional(),
          headings: z.array(z.string()),
        }),
      },
      annotations: {title: TOOLS.fetch.title, ...READ_ONLY},
    },
    ({id, section, cursor}) => {
      const [, fragment] = id.split('#');
      const page = portal.page(id);
      if (!page) {
        return failure(
          `"${id}" is not a page of ${portal.origin}: pass the id of a \`search\` result, or the address of a page of the portal.`,
        );
      }
      const markdown = portal.markdown(page);
      const wanted = section ?? fragment;
      const body = wanted ? sectionOf(markdown, wanted) : markdown;
      if (body === undefined) {
        return failure(
          `The page ${page.route} has no heading "${wanted}". Its headings: ${sectionNames(markdown).join('; ')}.`,
        );
      }
      const parts = Math.max(1, Math.ceil(body.length / PART_LENGTH));
      const part = cursor === undefined ? 0 : Number(cursor);
      if (!Number.isInteger(part) || part < 0 || part >= parts) {
        return failure(`"${cursor}" is not a cursor of ${page.route}: it has parts 0 to ${parts - 1}.`);
      }
      const text = body.slice(part * PART_LENGTH, (part + 1) * PART_LENGTH);
      const next = part + 1 < parts ? String(part + 1) : undefined;
      const structured = {
        id: page.route,
        title: page.title,
        url: page.url,
        text,
        metadata: {
          description: page.description,
          ...(wanted ? {section: wanted} : {}),
          part,
          parts,
          ...(next ? {nextCursor: next} : {}),
          headings: sectionNames(markdown),
        },
      };
      // The text is the page as JSON, the shape ChatGPT's connectors read from `fetch`.
      return answer(structured, JSON.stringify(structured));
    },
  );

  const apiIds = Object.keys(APIS) as [ApiId];
  const operationShape = z.object({
    key: z.string(),
    kind: z.enum(['operation', 'event']),
    operationId: z.string().optional(),
    summary: z.string(),
    tags: z.array(z.string()),
    deprecated: z.boolean(),
    url: z.string().optional(),
    api: z.enum(apiIds),
    release: z.string().optional().describe('The release of the merchant API it is listed from.'),
    changedIn: z
      .string()
      .optional()
      .describe('The last release that changed it; `current` when changed since the last release.'),
  });
  const releaseInput = z
    .string()
    .max(40)
    .optional()
    .describe(
      `A release of the merchant API (${portal.history.releases.join(', ') || 'none in this build'}); the API as it stands unless given.`,
    );
  const listed = (api: ApiId, entry: ListedEntry, release?: string) => ({
    key: entry.key,
    kind: entry.kind,
    ...(entry.operationId ? {operationId: entry.operationId} : {}),
    summary: entry.summary,
    tags: [...entry.tags],
    deprecated: entry.deprecated,
    ...(entry.url ? {url: entry.url} : {}),
    api,
    ...(release ? {release} : {}),
    ...(entry.changedIn ? {changedIn: entry.changedIn} : {}),
  });

  server.registerTool(
    'list_operations',
    {
      title: TOOLS.list_operations.title,
      description: TOOLS.list_operations.description,
      inputSchema: {
        api: z.enum(apiIds).optional(),
        release: releaseInput,
        tag: z.string().max(200).optional(),
        query: z
          .string()
          .max(MAX_QUERY_LENGTH)
          .optional()
          .describe('Words every listed key, operationId or summary holds.'),
        cursor: z.string().max(20).optional(),
      },
      outputSchema: {
        operations: z.array(operationShape),
        total: z.number().int(),
        nextCursor: z.string().optional(),
      },
      annotations: {title: TOOLS.list_operations.title, ...READ_ONLY},
    },
    ({api = 'merchant', release, tag, query, cursor}) => {
      let entries;
      try {
        entries = loaded.operations(api, release);
      } catch (error) {
        if (error instanceof PortalError) return failure(error.message);
        throw error;
      }
      const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const matching = entries.filter(
        (entry) =>
          (!tag || entry.tags.some((name) => name.toLowerCase() === tag.toLowerCase())) &&
          words.every((word) =>
            `${entry.key} ${entry.operationId ?? ''} ${entry.summary}`.toLowerCase().includes(word),
          ),
      );
      const start = cursor === undefined ? 0 : Number(cursor);
      if (!Number.isInteger(start) || start < 0 || (start > 0 && start >= matching.length)) {
        return failure(
          `"${cursor}" is not a cursor of this list: pass the nextCursor of the previous answer.`,
        );
      }
      const operations = matching
        .slice(start, start + OPERATIONS_PAGE)
        .map((entry) => listed(api, entry, release));
      const next = start + OPERATIONS_PAGE < matching.length ? String(start + OPERATIONS_PAGE) : undefined;
      return answer({operations, total: matching.length, ...(next ? {nextCursor: next} : {})});
    },
  );

  server.registerTool(
    'get_operation',
    {
      title: TOOLS.get_operation.title,
      description: TOOLS.get_operation.description,
      inputSchema: {
        operationId: z.string().max(300).optional(),
        method: z.string().max(10).optional(),
        path: z
          .string()
          .max(1000)
          .optional()
          .describe('The path as the description writes it, `/outlets/{outlet_id}`; or an event’s name.'),
        api: z.enum(apiIds).optional(),
        release: releaseInput,
      },
      outputSchema: {
        key: z.string(),
        kind: z.enum(['operation', 'event']),
        method: z.string(),
        path: z.string(),
        operationId: z.string().optional(),
        summary: z.string(),
        description: z.string(),
        tags: z.array(z.string()),
        deprecated: z.boolean(),
        pointer: z.string(),
        url: z.string().optional(),
        api: z.enum(apiIds),
        release: z.string().optional(),
        changedIn: z.string().optional(),
        security: z.array(z.array(z.record(z.string(), z.unknown()))),
        parameters: z.array(z.record(z.string(), z.unknown())),
        requestBody: z.record(z.string(), z.unknown()).optional(),
        responses: z.record(z.string(), z.unknown()),
        exampleRequest: z.string().optional(),
        curl: z.string().optional(),
      },
      annotations: {title: TOOLS.get_operation.title, ...READ_ONLY},
    },
    ({operationId, method, path, api, release}) => {
      if (!operationId && !path)
        return failure(
          'Name the operation: its `operationId`, or its `method` and `path` (an event: its name as `path`).',
        );
      const apis = release ? ['merchant' as const] : api ? [api] : apiIds;
      if (release && api && api !== 'merchant')
        return failure(`Only the merchant API has releases; the ${APIS[api].title} has none.`);
      const wantedKey = path ? (method ? `${method.toUpperCase()} ${path}` : path) : undefined;
      const candidates: {api: ApiId; entry: ListedEntry}[] = [];
      for (const id of apis) {
        let entries;
        try {
          entries = loaded.operations(id, release);
        } catch (error) {
          if (error instanceof PortalError && (api || release)) return failure(error.message);
          continue;
        }
        for (const entry of entries) candidates.push({api: id, entry});
      }
      const found = candidates.find(
        ({entry}) =>
          (operationId !== undefined && entry.operationId === operationId) ||
          (wantedKey !== undefined &&
            (entry.key === wantedKey || (!method && entry.kind === 'operation' && entry.path === path))),
      );
      if (!found) {
        const wanted = operationId ?? wantedKey ?? '';
        const closest = candidates
          .map(({entry}) => ({
            name: entry.operationId ?? entry.key,
            far: Math.min(distance(wanted, entry.operationId ?? ''), distance(wanted, entry.key)),
          }))
          .sort((a, b) => a.far - b.far)
          .slice(0, 5)
          .map(({name}) => name);
        return failure(`No operation or event "${wanted}". The closest: ${closest.join(', ')}.`);
      }
      const details = loaded.details(found.api, release, found.entry);
      return answer({
        ...details,
        tags: [...details.tags],
        ...(found.entry.url ? {url: found.entry.url} : {}),
        api: found.api,
        ...(release ? {release} : {}),
        ...(found.entry.changedIn ? {changedIn: found.entry.changedIn} : {}),
      });
    },
  );

  const changeShape = z.object({
    operation: z.string().optional(),
    event: z.string().optional(),
    change: z.string(),
    breaking: z.boolean(),
    deprecation: z.boolean().optional(),
    release: z.string().describe('The release that made the change; `current` when not yet released.'),
    url: z.string().optional(),
  });
  server.registerTool(
    'api_changes',
    {
      title: TOOLS.api_changes.title,
      description: TOOLS.api_changes.description,
      inputSchema: {
        from: z.string().max(40).optional().describe('A release’s name; the last release unless given.'),
        to: z.string().max(40).optional().describe('A release’s name, or `current`; `current` unless given.'),
      },
      outputSchema: {
        from: z.string(),
        to: z.string(),
        releases: z.array(z.string()).describe('The releases whose changes are listed, in order.'),
        breaking: z.number().int(),
        changes: z.array(changeShape),
      },
      annotations: {title: TOOLS.api_changes.title, ...READ_ONLY},
    },
    ({from, to = 'current'}) => {
      const {history} = portal;
      const order = history.steps.map((step) => step.to);
      const releases = history.releases;
      if (releases.length === 0) return failure('This build publishes no release of the merchant API.');
      const start = from ?? releases.at(-1) ?? '';
      const known = `Its releases: ${releases.join(', ')}; and \`current\`, the API as it stands.`;
      if (!releases.includes(start))
        return failure(`"${start}" is not a release of the merchant API. ${known}`);
      if (!order.includes(to)) return failure(`"${to}" is not a release of the merchant API. ${known}`);
      if (order.indexOf(to) <= order.indexOf(start))
        return failure(`"${to}" does not come after "${start}": \`from\` is the older release.`);
      const steps = history.steps.slice(order.indexOf(start) + 1, order.indexOf(to) + 1);
      const routes = portal.operationRoutes.get('merchant');
      const changes = steps.flatMap((step) =>
        step.changes.map((change) => {
          const route = routes?.get(change.operation ?? change.event ?? '');
          return {
            ...(change.operation ? {operation: change.operation} : {}),
            ...(change.event ? {event: change.event} : {}),
            change: change.change,
            breaking: change.breaking,
            ...(change.deprecation ? {deprecation: true} : {}),
            release: step.to,
            ...(route ? {url: `${portal.origin}${route}`} : {}),
          };
        }),
      );
      const breaking = changes.filter((change) => change.breaking).length;
      const lines = [
        `${changes.length} changes from ${start} to ${to}, ${breaking} breaking:`,
        ...changes.map(
          (change) =>
            `- ${change.breaking ? '**Breaking** ' : ''}${change.operation ?? (change.event ? `event ${change.event}` : 'The whole API')} (${change.release}): ${change.change}`,
        ),
      ];
      return answer(
        {from: start, to, releases: steps.map((step) => step.to), breaking, changes},
        lines.join('\n'),
      );
    },
  );

  server.registerTool(
    'verify_webhook_signature',
    {
      title: TOOLS.verify_webhook_signature.title,
      description: TOOLS.verify_webhook_signature.description,
      inputSchema: {
        payload: z.string().max(MAX_PAYLOAD_LENGTH).describe('The request body exactly as received.'),
        signatureHeader: z
          .string()
          .max(2000)
          .describe('The X-Gerai-Signature header: `t=<unix seconds>,v1=<hex>`.'),
        secret: z.string().min(1).max(500),
        now: z
          .number()
          .int()
          .optional()
          .describe('The Unix time to check the timestamp against; the current time unless given.'),
        toleranceSeconds: z.number().int().min(0).max(86_400).optional(),
      },
      outputSchema: {
        valid: z.boolean(),
        reason: z.enum(['ok', 'malformed_header', 'signature_mismatch', 'timestamp_out_of_tolerance']),
      },
      annotations: {title: TOOLS.verify_webhook_signature.title, ...READ_ONLY},
    },
    async ({payload, signatureHeader, secret, now, toleranceSeconds}) => {
      const {verifySignature} = (await import('../../samples/webhooks/node/verify-signature.mjs')) as {
        verifySignature: (input: {
          rawBody: string;
          header: string;
          secret: string;
          now?: number;
          toleranceSeconds?: number;
        }) => {
          valid: boolean;
          reason: 'ok' | 'malformed_header' | 'signature_mismatch' | 'timestamp_out_of_tolerance';
        };
      };
      const result = verifySignature({
        rawBody: payload,
        header: signatureHeader,
        secret,
        ...(now === undefined ? {} : {now}),
        ...(toleranceSeconds === undefined ? {} : {toleranceSeconds}),
      });
      return answer({valid: result.valid, reason: result.reason});
    },
  );

  server.registerResource(
    'page',
    new ResourceTemplate(`${portal.origin}/{+route}`, {list: undefined}),
    {title: 'A page of the portal, as Markdown', mimeType: 'text/markdown'},
    (uri) => {
      const page = portal.page(uri.href);
      if (!page) throw new Error(`${uri.href} is not a page of ${portal.origin}.`);
      return {contents: [{uri: page.url, mimeType: 'text/markdown', text: portal.markdown(page)}]};
    },
  );
  // Every page is a resource, listed RESOURCES_PAGE at a time. McpServer lists a template's
  // resources in one answer and passes no cursor to its list callback, so the list request is
  // answered here, after registerResource has installed McpServer's own handlers (the SDK's
  // Server replaces a handler; McpServer checks only before installing its own).
  // Upgrade: UPGRADING.md#the-mcp-resource-list-scriptsmcpserverts.
  server.server.setRequestHandler(ListResourcesRequestSchema, (request) => {
    const cursor = request.params?.cursor;
    const start = cursor === undefined ? 0 : Number(cursor);
    if (!Number.isInteger(start) || start < 0 || (start > 0 && start >= portal.pages.length)) {
      throw new McpError(ErrorCode.InvalidParams, `"${cursor}" is not a cursor of the resource list.`);
    }
    const next = start + RESOURCES_PAGE;
    return {
      resources: portal.pages.slice(start, next).map((page: Page) => ({
        uri: page.url,
        name: page.route,
        title: page.title,
        description: page.description,
        mimeType: 'text/markdown',
      })),
      ...(next < portal.pages.length ? {nextCursor: String(next)} : {}),
    };
  });

  return server;
}
