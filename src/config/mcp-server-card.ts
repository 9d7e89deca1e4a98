/**
 * The MCP server card the build publishes at MCP_SERVER_CARD_PATH (src/plugins/api-catalog writes
 * it beside the API catalog, which links to it): what an assistant or a crawler learns of the
 * portal's MCP server before it connects.
 *
 * Its shape is the draft of SEP-2127 ("MCP Server Cards", which replaced SEP-1649), whose schema
 * is `$schema` below: a reverse-DNS `name`, `version`, a `description` of at most 100 characters,
 * `title`, `websiteUrl`, `repository` and the `remotes` to connect to. The draft leaves the tools
 * out on purpose (a client lists them once connected, and a static list can drift from the server);
 * this card lists them under `_meta`, the draft's place for a publisher's own data, keyed by the
 * card's namespace, with the stdio package beside them. Each build writes the card again, and
 * tests/build/mcp-server-card.test.mjs checks MCP_TOOLS against the `tools/list` of the server
 * over that build, so the two do not drift apart.
 */
import {PORTAL_TITLE, REPOSITORY_URL} from '../constants';
import {MCP_SERVER_INFO} from './mcp';
import {localServer, mcpAddresses} from './mcp-clients';

/** The JSON Schema of the draft's server cards. */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/**
 * The tools of scripts/mcp/server.ts, in the order its `tools/list` answers them: the server takes
 * each tool's title and description from here, and the card publishes them.
 */
export const MCP_TOOLS: readonly {name: string; title: string; description: string}[] = [
  {
    name: 'search',
    title: 'Search the portal',
    description:
      'The portal’s own search, as its search box answers: the best sections of guides, reference pages and the changelog for a query or a question, each with its id for `fetch`.',
  },
  {
    name: 'fetch',
    title: 'Read a page',
    description:
      'A page of the portal as Markdown, by its id (a `search` result’s), its address or its path. With `section`, only the part under that heading. A long page comes in parts: pass `cursor` for the next.',
  },
  {
    name: 'list_operations',
    title: 'List API operations and events',
    description:
      'Every operation and webhook event of the merchant API (`api: "merchant"`, the default; or one of its releases, `release`) or of the API in the sample’s place (`"sample"`), with its operationId, summary, tags, reference page and the release that last changed it; filtered by tag or by words of its key or summary.',
  },
  {
    name: 'get_operation',
    title: 'Describe an API operation or event',
    description:
      'One operation or webhook event: its parameters, request body and responses with their schemas resolved and named, security and scopes, an example request and curl command the API accepts, and its reference page. Name it by operationId, by method and path, or an event by its name.',
  },
  {
    name: 'api_changes',
    title: 'What changed in the merchant API',
    description:
      'The changes of the merchant API between two of its releases, as `npm run api:changes` reports them, breaking changes marked: every change of each release after `from` up to `to`. `from` is the last release and `to` is `current` (the API as it stands) unless given.',
  },
  {
    name: 'verify_webhook_signature',
    title: 'Check a webhook signature',
    description:
      'Checks a webhook delivery’s X-Gerai-Signature header against its raw body and the subscription’s secret with the portal’s own checker: whether it is valid, or why not (malformed header, signature mismatch, timestamp out of tolerance). The secret is used for the check only: never logged or returned.',
  },
];

export interface ServerCard {
  readonly $schema: string;
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly title: string;
  readonly websiteUrl: string;
  readonly repository: {readonly url: string; readonly source: string; readonly subfolder: string};
  readonly remotes: readonly {readonly type: 'streamable-http'; readonly url: string}[];
  readonly _meta: Readonly<Record<string, unknown>>;
}

/**
 * The card of the server on the site at `siteUrl` (an origin, as SITE_URL gives it). Its name's
 * namespace is the site's host name reversed (`developer.gerai.example` gives
 * `example.gerai.developer`), as reverse-DNS names are; the server's own name follows the slash.
 */
export function mcpServerCard(siteUrl: string): ServerCard {
  const addresses = mcpAddresses(siteUrl);
  const namespace = new URL(addresses.server).hostname.split('.').reverse().join('.');
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: `${namespace}/${MCP_SERVER_INFO.name}`,
    version: MCP_SERVER_INFO.version,
    description: `Guides, API reference and changelog of the ${PORTAL_TITLE}, read-only.`,
    title: MCP_SERVER_INFO.title,
    websiteUrl: addresses.guide,
    repository: {url: REPOSITORY_URL, source: 'github', subfolder: 'scripts/mcp'},
    remotes: [{type: 'streamable-http', url: addresses.server}],
    _meta: {
      [`${namespace}/tools`]: MCP_TOOLS,
      [`${namespace}/stdio`]: localServer(siteUrl),
    },
  };
}
