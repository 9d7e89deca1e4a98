/**
 * The portal's MCP server: the tools and resources an AI assistant calls, over a built site
 * (./portal.ts). Every tool is read-only and answers in text and in `structuredContent` that its
 * `outputSchema` describes. One McpServer is made per connection (stdio) or per request
 * (Streamable HTTP, stateless: ./http.ts); the portal and the search engine behind them are
 * loaded once per process.
 */
import {McpServer, ResourceTemplate} from '@modelcontextprotocol/sdk/server/mcp.js';
import GithubSlugger from 'github-slugger';
import {z} from 'zod';

import {MAX_QUERY_LENGTH} from '../../src/theme/SearchBar/queryLength';
import {operationDetails, type OperationEntry, operationsOf} from './operations';
import {MCP_SERVER_INFO} from '../../src/config/mcp';
import {type ApiId, APIS, type Page, Portal, PortalError} from './portal';
import {createSearch, type Hit} from './search';

/** The server's name and version, as an assistant sees them (src/config/mcp.ts). */
export const SERVER_INFO = MCP_SERVER_INFO;

/** The most Markdown one `fetch` answers; a longer page comes in parts, each with the next's cursor. */
export const PART_LENGTH = 24_000;
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
  /** The operations of each API, in their descriptions' order, with their pages' addresses. */
  readonly operations: (api: ApiId) => (OperationEntry & {url?: string})[];
}

export function load(folder: string): Loaded {
  const portal = new Portal(folder);
  const search = createSearch(portal.origin, portal.folder);
  const cache = new Map<ApiId, (OperationEntry & {url?: string})[]>();
  const operations = (api: ApiId) => {
    let entries = cache.get(api);
    if (!entries) {
      const routes = portal.operationRoutes.get(api);
      entries = operationsOf(portal.description(api)).map((entry) => {
        const route = routes?.get(entry.key);
        return route ? {...entry, url: `${portal.origin}${route}`} : entry;
      });
      cache.set(api, entries);
    }
    return entries;
  };
  return {portal, search, operations};
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
      title: 'Search the portal',
      description:
        'The portal’s own search, as its search box answers: the best sections of guides, reference pages and the changelog for a query or a question, each with its id for `fetch`.',
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
      },
      outputSchema: {
        results: z.array(z.object({...pageShape, breadcrumbs: z.array(z.string()), snippet: z.string()})),
      },
      annotations: {title: 'Search the portal', ...READ_ONLY},
    },
    async ({query, limit = 8, section}) => {
      const pattern = section ? SECTIONS[section] : undefined;
      const hits = await loaded.search(query, pattern ? Math.max(50, limit) : limit);
      const results = hits
        .filter((hit) => !pattern || pattern.test(new URL(hit.url).pathname))
        .slice(0, limit)
        .map((hit) => ({...hit, breadcrumbs: [...hit.breadcrumbs]}));
      const text =
        results.length === 0
          ? `Nothing on the portal matches "${query}". Try other words, or \`list_operations\` with a query.`
          : results
              .map(
                (hit, index) =>
                  `${index + 1}. ${hit.title} (id: ${hit.id})\n   ${hit.breadcrumbs.join(' › ')}\n   ${hit.snippet}`,
              )
              .join('\n');
      return answer({results}, text);
    },
  );

  server.registerTool(
    'fetch',
    {
      title: 'Read a page',
      description:
        'A page of the portal as Markdown, by its id (a `search` result’s), its address or its path. With `section`, only the part under that heading. A long page comes in parts: pass `cursor` for the next.',
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
      annotations: {title: 'Read a page', ...READ_ONLY},
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
      return answer(
        structured,
        next
          ? `${text}\n\n[Part ${part + 1} of ${parts}: call fetch with cursor "${next}" for the next.]`
          : text,
      );
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
  });
  const listed = (api: ApiId, entry: OperationEntry & {url?: string}) => ({
    key: entry.key,
    kind: entry.kind,
    ...(entry.operationId ? {operationId: entry.operationId} : {}),
    summary: entry.summary,
    tags: [...entry.tags],
    deprecated: entry.deprecated,
    ...(entry.url ? {url: entry.url} : {}),
    api,
  });

  server.registerTool(
    'list_operations',
    {
      title: 'List API operations and events',
      description:
        'Every operation and webhook event of the merchant API (`api: "merchant"`, the default) or of the API in the sample’s place (`"sample"`), with its operationId, summary, tags and reference page; filtered by tag or by words of its key or summary.',
      inputSchema: {
        api: z.enum(apiIds).optional(),
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
      annotations: {title: 'List API operations and events', ...READ_ONLY},
    },
    ({api = 'merchant', tag, query, cursor}) => {
      let entries;
      try {
        entries = loaded.operations(api);
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
      const operations = matching.slice(start, start + OPERATIONS_PAGE).map((entry) => listed(api, entry));
      const next = start + OPERATIONS_PAGE < matching.length ? String(start + OPERATIONS_PAGE) : undefined;
      return answer({operations, total: matching.length, ...(next ? {nextCursor: next} : {})});
    },
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Describe an API operation or event',
      description:
        'One operation or webhook event: its parameters, request body and responses with their schemas resolved and named, security and scopes, an example request and curl command the API accepts, and its reference page. Name it by operationId, by method and path, or an event by its name.',
      inputSchema: {
        operationId: z.string().max(300).optional(),
        method: z.string().max(10).optional(),
        path: z
          .string()
          .max(1000)
          .optional()
          .describe('The path as the description writes it, `/outlets/{outlet_id}`; or an event’s name.'),
        api: z.enum(apiIds).optional(),
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
        security: z.array(z.array(z.record(z.string(), z.unknown()))),
        parameters: z.array(z.record(z.string(), z.unknown())),
        requestBody: z.record(z.string(), z.unknown()).optional(),
        responses: z.record(z.string(), z.unknown()),
        exampleRequest: z.string().optional(),
        curl: z.string().optional(),
      },
      annotations: {title: 'Describe an API operation or event', ...READ_ONLY},
    },
    ({operationId, method, path, api}) => {
      if (!operationId && !path)
        return failure(
          'Name the operation: its `operationId`, or its `method` and `path` (an event: its name as `path`).',
        );
      const apis = api ? [api] : apiIds;
      const wantedKey = path ? (method ? `${method.toUpperCase()} ${path}` : path) : undefined;
      const candidates: {api: ApiId; entry: OperationEntry & {url?: string}}[] = [];
      for (const id of apis) {
        let entries;
        try {
          entries = loaded.operations(id);
        } catch (error) {
          if (error instanceof PortalError && api) return failure(error.message);
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
      const details = operationDetails(loaded.portal.description(found.api), found.entry);
      return answer({
        ...details,
        tags: [...details.tags],
        ...(found.entry.url ? {url: found.entry.url} : {}),
        api: found.api,
      });
    },
  );

  server.registerTool(
    'verify_webhook_signature',
    {
      title: 'Check a webhook signature',
      description:
        'Checks a webhook delivery’s X-Gerai-Signature header against its raw body and the subscription’s secret with the portal’s own checker: whether it is valid, or why not (malformed header, signature mismatch, timestamp out of tolerance). The secret is used for the check only: never logged or returned.',
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
      annotations: {title: 'Check a webhook signature', ...READ_ONLY},
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
    new ResourceTemplate(`${portal.origin}/{+route}`, {
      list: () => ({
        resources: portal.pages.map((page: Page) => ({
          uri: page.url,
          name: page.route,
          title: page.title,
          description: page.description,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    {title: 'A page of the portal, as Markdown', mimeType: 'text/markdown'},
    (uri) => {
      const page = portal.page(uri.href);
      if (!page) throw new Error(`${uri.href} is not a page of ${portal.origin}.`);
      return {contents: [{uri: page.url, mimeType: 'text/markdown', text: portal.markdown(page)}]};
    },
  );

  return server;
}
