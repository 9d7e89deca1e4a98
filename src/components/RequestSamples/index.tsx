import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import {useStorageSlot} from '@docusaurus/theme-common';
import {useScrollPositionBlocker} from '@docusaurus/theme-common/internal';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useMDXComponents} from '@mdx-js/react';

import {
  CODE_SAMPLE_LANGUAGES,
  CODE_SAMPLES_STORAGE_KEY,
  type BuiltSample,
  type PageSamples,
} from '@site/src/config/code-samples';

import styles from './styles.module.css';

type Loader = () => Promise<{default: PageSamples}>;

interface Props {
  /** The request's operation id in the OpenAPI description. */
  readonly operation: string;
  /** The request's place among the page's requests, in its samples. */
  readonly index: number;
  /** Fetches the page's samples of the languages after the first. */
  readonly load: Loader;
  /** The page's samples in the server render; null in the browser, whose bundle leaves them out. */
  readonly server: PageSamples | null;
  /** The request in the first language: a code block of the page. */
  readonly children: ReactNode;
}

const LANGUAGES = CODE_SAMPLE_LANGUAGES.map(({language}) => language);
const FIRST_LANGUAGE = LANGUAGES[0] ?? '';

/** Each page's samples, once fetched; a page fetches them once for all its requests. */
const fetched = new Map<Loader, PageSamples>();
const fetching = new Map<Loader, Promise<PageSamples>>();

function fetchSamples(load: Loader): Promise<PageSamples> {
  let promise = fetching.get(load);
  if (!promise) {
    promise = load().then(
      ({default: samples}) => {
        fetched.set(load, samples);
        return samples;
      },
      (error: unknown) => {
        // Forgotten, so that trying again asks the network again.
        fetching.delete(load);
        throw error;
      },
    );
    fetching.set(load, promise);
  }
  return promise;
}

/**
 * The content of a panel whose code the server wrote: React sets an element's
 * `dangerouslySetInnerHTML` again only when it is another object, so this one
 * object keeps the server's code in place through every render.
 */
const AS_THE_SERVER_WROTE_IT = {__html: ''};

/** A code block, as the page's Markdown components draw a fenced block with the build's tokens. */
function SampleCode({
  sample,
  highlight,
}: {
  readonly sample: BuiltSample;
  readonly highlight: string;
}): ReactNode {
  // The theme's `pre` and `code` of Markdown, which the page's MDX provides.
  const {pre: Pre = 'pre', code: Code = 'code'} = useMDXComponents() as {
    pre?: ComponentType<{children: ReactNode}>;
    code?: ComponentType<{className: string; 'data-code-tokens': string; children: string}>;
  };
  return (
    <Pre>
      <Code className={`language-${highlight}`} data-code-tokens={sample.tokens}>
        {`${sample.code}\n`}
      </Code>
    </Pre>
  );
}

/**
 * A language after the first. The server writes its code block into the
 * page. In the browser, until the reader picks the language, the panel is an
 * element whose content React leaves as the server wrote it (an empty
 * `dangerouslySetInnerHTML`, which hydration does not compare and React does
 * not write again while it is the same object), so the code is
 * on the page without being in its script; once picked, the page's samples
 * are fetched and the block is drawn again, its copy button working (should
 * that fetch fail, the server's code stays). After a navigation in the
 * browser there is no server HTML: the panel says it is loading, or that
 * loading failed.
 */
function LaterLanguage({
  sample,
  label,
  highlight,
  failed,
  onRetry,
}: {
  readonly sample: BuiltSample | undefined;
  readonly label: string;
  readonly highlight: string;
  readonly failed: boolean;
  readonly onRetry: () => void;
}): ReactNode {
  // False while the page hydrates: the messages below are not in the server's HTML.
  const isBrowser = useIsBrowser();
  if (sample) {
    return (
      <div key="drawn" className={styles.code}>
        <SampleCode sample={sample} highlight={highlight} />
      </div>
    );
  }
  return (
    <>
      <div key="from-server" className={styles.code} dangerouslySetInnerHTML={AS_THE_SERVER_WROTE_IT} />
      {/* Shown only where the server left no code: after a navigation in the browser. */}
      {isBrowser &&
        (failed ? (
          <p className={clsx(styles.status, styles.withoutCode)} role="alert">
            The {label} code could not be loaded.{' '}
            <button type="button" className="button button--sm button--secondary" onClick={onRetry}>
              Try again
            </button>
          </p>
        ) : (
          <p className={clsx(styles.status, styles.withoutCode)}>Loading the {label} code…</p>
        ))}
    </>
  );
}

/**
 * The page's samples of the languages after the first: those the server rendered, or fetched
 * once the reader wants one (`wanted`), with what a failed fetch shows and its retry.
 */
function usePageSamples(
  load: Loader,
  server: PageSamples | null,
  wanted: boolean,
): readonly [samples: PageSamples | null, failed: boolean, retry: () => void, prefetch: () => void] {
  const [samples, setSamples] = useState<PageSamples | null>(() => server ?? fetched.get(load) ?? null);
  // A failed fetch waits for the reader's retry, which clears it and so fetches again.
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!wanted || samples || failed) return undefined;
    let current = true;
    fetchSamples(load).then(
      (loaded) => {
        if (current) setSamples(loaded);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, samples, failed, load]);

  // A pointer or the keyboard on the tabs: fetch ahead, so a click shows its code at once. The
  // handlers go to the container's own events, so a new function each render costs nothing.
  const prefetch = () => {
    fetchSamples(load).catch(() => undefined);
  };

  return [samples, failed, () => setFailed(false), prefetch];
}

/** Where each key moves the focus in a list of `count` tabs from `at`; undefined for other keys. */
function nextTab(key: string, at: number, count: number): number | undefined {
  // No key's name (KeyboardEvent.key) is that of a property every object has, such as `toString`.
  const moves: Partial<Record<string, number>> = {
    ArrowRight: (at + 1) % count,
    ArrowLeft: (at - 1 + count) % count,
    Home: 0,
    End: count - 1,
  };
  return moves[key];
}

/**
 * An API request of a guide, in every language of the request panel, in its
 * order (src/config/code-samples.ts), written by src/remark/request-samples
 * while the site is built. The reader's language is kept where the request
 * panel keeps it, so picking Python here shows Python in every request of
 * every guide and in the request panel of the reference, and back.
 *
 * Tabs and panels are Docusaurus's markup (`tabs-container`, `tabs__item`,
 * `role="tabpanel"`), which the Markdown version of a page turns into each
 * language in turn. Unlike `@theme/Tabs`, it is not built again once the page
 * runs: the server's code blocks stay.
 */
export default function RequestSamples({operation, index, load, server, children}: Props): ReactNode {
  const baseId = useId();
  // Null while the page hydrates, as in the server's HTML; then the stored language, kept in step
  // with every other request of the page and with other windows.
  const [stored, storage] = useStorageSlot(CODE_SAMPLES_STORAGE_KEY);
  // Where the browser keeps no storage, the choice holds for this request only.
  const [chosen, setChosen] = useState<string>();
  const selected = (stored !== null && LANGUAGES.includes(stored) ? stored : chosen) ?? FIRST_LANGUAGE;
  const {blockElementScrollPositionUntilNextRender} = useScrollPositionBlocker();
  const [samples, failed, retry, prefetch] = usePageSamples(load, server, selected !== FIRST_LANGUAGE);
  const tabs = useRef<(HTMLLIElement | null)[]>([]);

  const select = (language: string, tab: HTMLElement) => {
    if (language === selected) return;
    // The requests above change height with the language; the chosen tab stays where it is.
    blockElementScrollPositionUntilNextRender(tab);
    setChosen(language);
    storage.set(language);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, language: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select(language, event.currentTarget);
      return;
    }
    // Named before the call, so that the minified code writes the moves in place without temporaries.
    const count = LANGUAGES.length;
    const at = tabs.current.indexOf(event.currentTarget);
    const next = nextTab(event.key, at, count);
    if (next === undefined) return;
    event.preventDefault();
    tabs.current[next]?.focus();
  };

  const requestSamples = samples?.[index];
  return (
    <div
      className={clsx('tabs-container', styles.samples)}
      data-request-samples=""
      data-operation={operation}
      onPointerEnter={prefetch}
      onFocus={prefetch}>
      <ul role="tablist" aria-label="Language" className={clsx('tabs', styles.tabList)}>
        {CODE_SAMPLE_LANGUAGES.map(({language, label}, position) => (
          <li
            key={language}
            ref={(element) => {
              tabs.current[position] = element;
            }}
            role="tab"
            id={`${baseId}-${language}-tab`}
            aria-controls={`${baseId}-${language}`}
            aria-selected={language === selected}
            tabIndex={language === selected ? 0 : -1}
            className={clsx('tabs__item', styles.tab, language === selected && 'tabs__item--active')}
            onClick={(event) => select(language, event.currentTarget)}
            onKeyDown={(event) => onKeyDown(event, language)}>
            {label}
          </li>
        ))}
      </ul>
      {CODE_SAMPLE_LANGUAGES.map(({language, label, highlight}) => (
        <div
          key={language}
          role="tabpanel"
          id={`${baseId}-${language}`}
          aria-labelledby={`${baseId}-${language}-tab`}
          data-language={language}
          hidden={language !== selected}
          className={styles.panel}>
          {language === FIRST_LANGUAGE ? (
            children
          ) : (
            <LaterLanguage
              sample={requestSamples?.[language]}
              label={label}
              highlight={highlight}
              failed={failed}
              onRetry={retry}
            />
          )}
        </div>
      ))}
    </div>
  );
}
