/**
 * The portal's MCP server, as the rest of the site names it: where it answers, where its
 * installable package is published, and how it introduces itself. The server is scripts/mcp/;
 * the guide, the page menu, llms.txt, the API catalog, the server card and deploy/nginx/ take
 * these from here.
 */
import {PORTAL_TITLE} from '../constants';

/** The Streamable HTTP endpoint, on the portal's own origin (proxied by deploy/nginx/). */
export const MCP_PATH = '/mcp';

/**
 * The server as one installable file, written by every build (scripts/mcp-package/): a partner
 * runs `npx -y <site><MCP_PACKAGE_PATH>` and serves that build's content over stdio.
 */
export const MCP_PACKAGE_PATH = '/downloads/gerai-portal-mcp.tgz';

/**
 * The content the package serves, renewed by every build: the pages' Markdown, the search index and
 * the descriptions, as one gzipped JSON file that the package fetches at start (and revalidates at
 * each start), so that an installed copy always serves the current deploy.
 */
export const MCP_CONTENT_PATH = '/downloads/gerai-portal-mcp-content.json.gz';

/** The MCP server card (the protocol's discovery proposal, SEP-1649 / SEP-2127). */
export const MCP_SERVER_CARD_PATH = '/.well-known/mcp/server-card.json';

/** The server's name and version, as an assistant sees them. */
export const MCP_SERVER_INFO = {
  name: 'gerai-developer-portal',
  title: PORTAL_TITLE,
  version: '1.0.0',
} as const;

/** The name an assistant's configuration lists the server under. */
export const MCP_CLIENT_NAME = 'gerai';

/** The guide that connects each assistant to the server (docs/docs/ai-assistants.mdx). */
export const MCP_GUIDE_PATH = '/docs/docs/ai-assistants';
