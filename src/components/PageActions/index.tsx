import {Fragment, useEffect, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

import {MCP_GUIDE_PATH} from '@site/src/config/mcp';
import {cursorInstallLink, mcpAddresses, vscodeInstallLink} from '@site/src/config/mcp-clients';
import {markdownPath} from '@site/src/config/page-markdown';

import styles from './styles.module.css';

/** AI assistants that open a new conversation with a prompt from their address. */
const ASSISTANTS = [
  {name: 'ChatGPT', address: (prompt: string) => `https://chatgpt.com/?q=${encodeURIComponent(prompt)}`},
  {name: 'Claude', address: (prompt: string) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}`},
] as const;

/** How long "Copied" shows before a button reads as before. */
const CONFIRMATION_MS = 3000;

type Status = 'idle' | 'copied' | 'failed';
/** What a button copies: the page's Markdown, or the MCP server's address. */
type Target = 'page' | 'server';

const LABEL: Record<Target, Record<Status, string>> = {
  page: {idle: 'Copy page', copied: 'Copied', failed: 'Copy failed'},
  server: {idle: 'Copy MCP server URL', copied: 'Copied MCP server URL', failed: 'Copy failed'},
};
const ANNOUNCEMENT: Record<Target, Record<Status, string>> = {
  page: {
    idle: '',
    copied: 'The page is on your clipboard as Markdown.',
    failed: 'The page could not be copied. Open it with View as Markdown instead.',
  },
  server: {
    idle: '',
    copied: 'The MCP server URL is on your clipboard.',
    failed: 'The MCP server URL could not be copied. Select it in the menu instead.',
  },
};

/** The page's Markdown, fetched when asked for, as a text/plain blob for the clipboard. */
async function markdownBlob(address: string): Promise<Blob> {
  const response = await fetch(address);
  if (!response.ok) throw new Error(`${address}: ${response.status}`);
  return new Blob([await response.text()], {type: 'text/plain'});
}

async function copyToClipboard(address: string): Promise<void> {
  // Safari allows the clipboard only within the click: hand it the pending text at once.
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    await navigator.clipboard.write([new ClipboardItem({'text/plain': markdownBlob(address)})]);
    return;
  }
  await navigator.clipboard.writeText(await (await markdownBlob(address)).text());
}

/**
 * Actions on a docs or reference page: copy its Markdown, view it, open it
 * in an AI assistant, or connect an assistant to the portal's MCP server (a
 * disclosure, which opens and closes without script). Rendered on the server
 * with the page, so nothing moves when it hydrates; the Markdown is fetched
 * only when "Copy page" is pressed. The MCP addresses and install links come
 * from src/config/mcp-clients.ts, as the guide's do.
 */
export default function PageActions(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {pathname} = useLocation();
  const markdown = markdownPath(pathname);
  const server = mcpAddresses(siteConfig.url).server;
  const [copied, setCopied] = useState<{target: Target; status: Status}>({target: 'page', status: 'idle'});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // A click outside the open menu closes it, as a click outside a menu does.
    const close = (event: MouseEvent) => {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) menu.current.open = false;
    };
    document.addEventListener('click', close);
    return () => {
      clearTimeout(timer.current);
      document.removeEventListener('click', close);
    };
  }, []);

  const prompt = `Read ${siteConfig.url}${markdown} so I can ask you questions about it.`;
  const status = (target: Target) => (copied.target === target ? copied.status : 'idle');

  async function copy(target: Target) {
    clearTimeout(timer.current);
    let result: Status;
    try {
      await (target === 'page' ? copyToClipboard(markdown) : navigator.clipboard.writeText(server));
      result = 'copied';
    } catch {
      result = 'failed';
    }
    setCopied({target, status: result});
    timer.current = setTimeout(() => setCopied({target, status: 'idle'}), CONFIRMATION_MS);
  }

  /** Escape closes the open menu and puts the focus back on its button. */
  function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== 'Escape' || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector('summary')?.focus();
  }

  return (
    <div className={styles.actions} data-markdown="skip">
      {/* The spaces between the actions keep their words apart in the page's text (search, reader mode). */}
      <button
        type="button"
        className={styles.action}
        onClick={() => void copy('page')}
        data-status={status('page')}>
        {LABEL.page[status('page')]}
      </button>{' '}
      <a className={styles.action} href={markdown} type="text/markdown">
        View as Markdown
      </a>
      {ASSISTANTS.map((assistant) => (
        <Fragment key={assistant.name}>
          {' '}
          <a
            className={styles.action}
            href={assistant.address(prompt)}
            target="_blank"
            rel="noopener noreferrer">
            Open in {assistant.name}
            <span className={styles.hidden}> (opens in a new tab)</span>
          </a>
        </Fragment>
      ))}{' '}
      <details ref={menu} className={styles.menu} onKeyDown={closeOnEscape}>
        <summary className={styles.action}>MCP server</summary>
        <div className={styles.panel}>
          <p className={styles.note}>
            Ask this portal from your AI assistant through its MCP server: <code>{server}</code>
          </p>
          <button
            type="button"
            className={styles.item}
            onClick={() => void copy('server')}
            data-status={status('server')}>
            {LABEL.server[status('server')]}
          </button>{' '}
          <a className={styles.item} href={cursorInstallLink(siteConfig.url)}>
            Connect to Cursor
          </a>{' '}
          <a className={styles.item} href={vscodeInstallLink(siteConfig.url)}>
            Connect to VS Code
          </a>{' '}
          <Link className={styles.item} to={MCP_GUIDE_PATH}>
            Set up Claude, ChatGPT and others
          </Link>
        </div>
      </details>
      <span role="status" className={styles.hidden}>
        {ANNOUNCEMENT[copied.target][copied.status]}
      </span>
    </div>
  );
}
