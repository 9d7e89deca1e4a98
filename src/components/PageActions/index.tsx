import {Fragment, useEffect, useRef, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

import {markdownPath} from '@site/src/config/page-markdown';

import styles from './styles.module.css';

/** AI assistants that open a new conversation with a prompt from their address. */
const ASSISTANTS = [
  {name: 'ChatGPT', address: (prompt: string) => `https://chatgpt.com/?q=${encodeURIComponent(prompt)}`},
  {name: 'Claude', address: (prompt: string) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}`},
] as const;

/** How long "Copied" shows before the button reads "Copy page" again. */
const CONFIRMATION_MS = 3000;

type Status = 'idle' | 'copied' | 'failed';

const LABEL: Record<Status, string> = {idle: 'Copy page', copied: 'Copied', failed: 'Copy failed'};
const ANNOUNCEMENT: Record<Status, string> = {
  idle: '',
  copied: 'The page is on your clipboard as Markdown.',
  failed: 'The page could not be copied. Open it with View as Markdown instead.',
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
 * Actions on a docs or reference page: copy its Markdown, view it, or open it
 * in an AI assistant. Rendered on the server with the page, so nothing moves
 * when it hydrates; the Markdown is fetched only when "Copy page" is pressed.
 */
export default function PageActions(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {pathname} = useLocation();
  const markdown = markdownPath(pathname);
  const [status, setStatus] = useState<Status>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const prompt = `Read ${siteConfig.url}${markdown} so I can ask you questions about it.`;

  async function copy() {
    clearTimeout(timer.current);
    let result: Status;
    try {
      await copyToClipboard(markdown);
      result = 'copied';
    } catch {
      result = 'failed';
    }
    setStatus(result);
    timer.current = setTimeout(() => setStatus('idle'), CONFIRMATION_MS);
  }

  return (
    <div className={styles.actions} data-markdown="skip">
      {/* The spaces between the actions keep their words apart in the page's text (search, reader mode). */}
      <button type="button" className={styles.action} onClick={() => void copy()} data-status={status}>
        {LABEL[status]}
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
      ))}
      <span role="status" className={styles.hidden}>
        {ANNOUNCEMENT[status]}
      </span>
    </div>
  );
}
