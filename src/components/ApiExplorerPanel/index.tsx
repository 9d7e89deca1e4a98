import {useCallback, useRef, useState, type ComponentType, type ReactNode} from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';

import type * as ExplorerModule from './Explorer';
import type {Operation} from './Explorer';
import styles from './styles.module.css';

/**
 * What `load` resolves to, asked for once per key: a load that fails is forgotten, so the next
 * attempt asks the network again.
 */
function loadOnce<T>(loads: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let loading = loads.get(key);
  if (!loading) {
    loading = load().catch((error: unknown) => {
      loads.delete(key);
      throw error;
    });
    loads.set(key, loading);
  }
  return loading;
}

const explorers = new Map<string, Promise<typeof ExplorerModule>>();
const operations = new Map<string, Promise<Operation>>();

/** The request panel's chunk. */
const loadExplorer = () => loadOnce(explorers, 'explorer', () => import('./Explorer'));

/** An operation's file (src/plugins/operation-files writes it). */
const loadOperation = (address: string) =>
  loadOnce(operations, address, async () => {
    const response = await fetch(address);
    if (!response.ok) throw new Error(`${address}: ${response.status}`);
    return (await response.json()) as Operation;
  });

type State =
  | {readonly phase: 'closed' | 'loading' | 'failed'}
  | {
      readonly phase: 'open';
      readonly Explorer: ComponentType<{operation: Operation; authGuide: string}>;
      readonly operation: Operation;
    };

interface Props {
  /** The operation's file, from the site's base (the page's `api_operation`). */
  readonly operationFile: string;
  /** See ./Explorer.tsx. */
  readonly authGuide: string;
}

/**
 * "Try it": the interactive request panel of a reference page, as an island.
 *
 * The page itself is complete without it (src/api-reference). Until
 * the reader asks for the panel, only this small placeholder is on the page;
 * pointing at it or focusing it starts fetching the panel's code and the
 * operation it sends (a file of its own: src/plugins/operation-files), and the
 * button mounts it. The placeholder sits in a column of its own, so the
 * text beside it never moves.
 */
export default function ApiExplorerPanel({operationFile, authGuide}: Props): ReactNode {
  const [state, setState] = useState<State>({phase: 'closed'});
  // False in the page's HTML: the button works only once the page's script runs.
  const isBrowser = useIsBrowser();
  const heading = useRef<HTMLHeadingElement>(null);
  const operationAddress = useBaseUrl(`/${operationFile}`);

  const prefetch = useCallback(() => {
    loadExplorer().catch(() => undefined);
    loadOperation(operationAddress).catch(() => undefined);
  }, [operationAddress]);

  const open = useCallback(async () => {
    setState({phase: 'loading'});
    try {
      const [module, operation] = await Promise.all([loadExplorer(), loadOperation(operationAddress)]);
      setState({phase: 'open', Explorer: module.default, operation});
    } catch {
      setState({phase: 'failed'});
    }
    heading.current?.focus();
  }, [operationAddress]);

  return (
    <section
      className={clsx('api-explorer-panel', styles.panel, state.phase === 'open' && styles.open)}
      aria-labelledby="try-it-heading"
      aria-busy={state.phase === 'loading'}
      onPointerEnter={prefetch}
      onFocus={prefetch}>
      <h2 id="try-it-heading" ref={heading} tabIndex={-1} className={styles.heading}>
        Try it
      </h2>
      {state.phase === 'open' ? (
        <state.Explorer operation={state.operation} authGuide={authGuide} />
      ) : (
        <>
          <p className={styles.text}>
            Send this request to the sandbox or to a local mock server from your browser, and get code samples
            in curl, Node.js, Python, Go, Java and PHP.
          </p>
          {state.phase === 'failed' && (
            <p className={styles.error} role="alert">
              The request panel could not be loaded. Check your connection and try again.
            </p>
          )}
          <button
            type="button"
            className="button button--primary button--block"
            disabled={!isBrowser || state.phase === 'loading'}
            onClick={open}>
            {state.phase === 'loading' ? 'Opening the request panel…' : 'Open the request panel'}
          </button>
          <noscript>
            <p className={styles.noScript}>
              The request panel needs JavaScript. The request, its parameters and its responses are all on
              this page.
            </p>
          </noscript>
        </>
      )}
    </section>
  );
}
