/**
 * How an AI assistant is pointed at the portal's MCP server: its addresses, the entries of the
 * assistants' configuration files and the one-click install links of Cursor and VS Code, made
 * from the site's origin (SITE_URL, which a page reads as `siteConfig.url`) and the names of
 * ./mcp.ts. The guide (src/components/McpSetup) and the page menu (src/components/PageActions)
 * both show them from here, so an install link installs exactly what the guide's files hold.
 * Small on purpose: the page menu ships it with every docs page.
 */
import {MCP_CLIENT_NAME, MCP_GUIDE_PATH, MCP_PACKAGE_PATH, MCP_PATH} from './mcp';

export interface McpAddresses {
  /** The Streamable HTTP endpoint. */
  readonly server: string;
  /** The installable package, which `npx -y` runs over stdio. */
  readonly package: string;
  /** The guide's page. */
  readonly guide: string;
}

/** The server's addresses on the site at `siteUrl` (an origin, with or without a final slash). */
export function mcpAddresses(siteUrl: string): McpAddresses {
  const origin = siteUrl.replace(/\/+$/, '');
  return {
    server: `${origin}${MCP_PATH}`,
    package: `${origin}${MCP_PACKAGE_PATH}`,
    guide: `${origin}${MCP_GUIDE_PATH}`,
  };
}

/** The hosted server as Cursor's `mcp.json` lists it (and Cursor's install link carries it). */
export const cursorServer = (siteUrl: string) => ({url: mcpAddresses(siteUrl).server});

/** The hosted server as VS Code's `mcp.json` lists it: VS Code names the transport. */
export const vscodeServer = (siteUrl: string) => ({type: 'http', url: mcpAddresses(siteUrl).server});

/** The server run on the reader's machine from the build's package, over stdio. */
export const localServer = (siteUrl: string) => ({
  command: 'npx',
  args: ['-y', mcpAddresses(siteUrl).package],
});

/**
 * Cursor's install link: the name and the `mcp.json` entry as base64 JSON
 * (`cursor://anysphere.cursor-deeplink/mcp/install?name=…&config=…`). The base64 is
 * percent-encoded, since a `+` in a query reads as a space.
 */
export function cursorInstallLink(siteUrl: string): string {
  const config = btoa(JSON.stringify(cursorServer(siteUrl)));
  return `cursor://anysphere.cursor-deeplink/mcp/install?name=${MCP_CLIENT_NAME}&config=${encodeURIComponent(config)}`;
}

/** VS Code's install link: the `mcp.json` entry with its name, as percent-encoded JSON (`vscode:mcp/install?…`). */
export function vscodeInstallLink(siteUrl: string): string {
  const entry = {name: MCP_CLIENT_NAME, ...vscodeServer(siteUrl)};
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify(entry))}`;
}
