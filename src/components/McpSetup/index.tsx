import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import CodeBlock from '@theme/CodeBlock';

import {MCP_CLIENT_NAME} from '@site/src/config/mcp';
import {
  cursorInstallLink,
  cursorServer,
  localServer,
  mcpAddresses,
  vscodeInstallLink,
  vscodeServer,
} from '@site/src/config/mcp-clients';

/**
 * What the guide "Use the portal from your AI assistant" shows of the MCP server: every address,
 * command and configuration file made from the site's origin (SITE_URL) and src/config/mcp.ts,
 * through src/config/mcp-clients.ts, as the page menu's install links are. Rendered with the page,
 * so its Markdown copy holds the same commands.
 */

const useSiteUrl = () => useDocusaurusContext().siteConfig.url;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The snippets of the guide: a language, a file name where there is one, and the text. */
const SNIPPETS = {
  claudeCodeRemote: {
    language: 'bash',
    code: (siteUrl: string) =>
      `claude mcp add --transport http ${MCP_CLIENT_NAME} ${mcpAddresses(siteUrl).server}`,
  },
  claudeCodeLocal: {
    language: 'bash',
    code: (siteUrl: string) => `claude mcp add ${MCP_CLIENT_NAME} -- npx -y ${mcpAddresses(siteUrl).package}`,
  },
  claudeDesktop: {
    language: 'json',
    title: 'claude_desktop_config.json',
    code: (siteUrl: string) => json({mcpServers: {[MCP_CLIENT_NAME]: localServer(siteUrl)}}),
  },
  cursor: {
    language: 'json',
    title: '.cursor/mcp.json',
    code: (siteUrl: string) => json({mcpServers: {[MCP_CLIENT_NAME]: cursorServer(siteUrl)}}),
  },
  cursorLocal: {
    language: 'json',
    title: '.cursor/mcp.json',
    code: (siteUrl: string) => json({mcpServers: {[MCP_CLIENT_NAME]: localServer(siteUrl)}}),
  },
  vscode: {
    language: 'json',
    title: '.vscode/mcp.json',
    code: (siteUrl: string) => json({servers: {[MCP_CLIENT_NAME]: vscodeServer(siteUrl)}}),
  },
  vscodeLocal: {
    language: 'json',
    title: '.vscode/mcp.json',
    code: (siteUrl: string) => json({servers: {[MCP_CLIENT_NAME]: {type: 'stdio', ...localServer(siteUrl)}}}),
  },
  npx: {
    language: 'bash',
    code: (siteUrl: string) => `npx -y ${mcpAddresses(siteUrl).package}`,
  },
  inspector: {
    language: 'bash',
    code: (siteUrl: string) =>
      `npx @modelcontextprotocol/inspector --cli ${mcpAddresses(siteUrl).server} --transport http --method tools/list`,
  },
} as const satisfies Record<string, {language: string; title?: string; code: (siteUrl: string) => string}>;

/** A command or configuration file of the guide, for this site. */
export function McpSnippet({name}: {readonly name: keyof typeof SNIPPETS}): ReactNode {
  const siteUrl = useSiteUrl();
  const snippet: {language: string; title?: string; code: (siteUrl: string) => string} = SNIPPETS[name];
  return (
    <CodeBlock language={snippet.language} title={snippet.title}>
      {snippet.code(siteUrl)}
    </CodeBlock>
  );
}

/** The address of the hosted server (`server`), of the package (`package`), inline. */
export function McpAddress({of}: {readonly of: 'server' | 'package'}): ReactNode {
  return <code>{mcpAddresses(useSiteUrl())[of]}</code>;
}

/** The name the configuration files list the server under, inline. */
export function McpName(): ReactNode {
  return <code>{MCP_CLIENT_NAME}</code>;
}

/** The one-click install link of Cursor or VS Code, which adds the hosted server. */
export function McpInstallLink({client}: {readonly client: 'cursor' | 'vscode'}): ReactNode {
  const siteUrl = useSiteUrl();
  const [label, href] =
    client === 'cursor'
      ? ['Add to Cursor', cursorInstallLink(siteUrl)]
      : ['Add to VS Code', vscodeInstallLink(siteUrl)];
  return (
    <p>
      <a className="button button--primary" href={href}>
        {label}
      </a>
    </p>
  );
}
