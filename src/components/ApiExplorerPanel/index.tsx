import {useCallback, useRef, useState, type ComponentType, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';

import type * as ExplorerModule from './Explorer';
import type {Operation} from './Explorer';
import styles from './styles.module.css';

let loading: Promise<typeof ExplorerModule> | undefined;

/**
 * Fetches the request panel's chunk once; a failed fetch is forgotten, so the
 * next attempt asks the network again.
 */
function loadExplorer(): Promise<typeof ExplorerModule> {
  loading ??= import('./Explorer').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

type State =
  | {readonly phase: 'closed' | 'loading' | 'failed'}
  | {
      readonly phase: 'open';
      readonly Explorer: ComponentType<{operation: Operation; authGuide: string}>;
      readonly operation: Operation;
    };

interface Props {
  /** The operation, as the generator stores it in the page's front matter. */
  readonly encodedOperation: string;
  /** See ./Explorer.tsx. */
  readonly authGuide: string;
}

/**
 * "Try it": the interactive request panel of a reference page, as an island.
 *
 * The page itself is complete without it (src/api-reference). Until
 * the reader asks for the panel, only this small placeholder is on the page;
 * pointing at it or focusing it starts fetching the panel's code, and the
 * button mounts it. The placeholder sits in a column of its own, so the
 * text beside it never moves.
 */
export default function ApiExplorerPanel({encodedOperation, authGuide}: Props): ReactNode {
  const [state, setState] = useState<State>({phase: 'closed'});
  // False in the page's HTML: the button works only once the page's script runs.
  const isBrowser = useIsBrowser();
  const heading = useRef<HTMLHeadingElement>(null);

  const prefetch = useCallback(() => {
    loadExplorer().catch(() => undefined);
  }, []);

  const open = useCallback(async () => {
    setState({phase: 'loading'});
    try {
      const module = await loadExplorer();
      const operation = await module.decodeOperation(encodedOperation);
      setState({phase: 'open', Explorer: module.default, operation});
    } catch {
      setState({phase: 'failed'});
    }
    heading.current?.focus();
  }, [encodedOperation]);

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
