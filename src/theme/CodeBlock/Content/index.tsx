/**
 * Replaces (ejected) the classic theme's CodeBlock/Content, which the theme marks unsafe to
 * swizzle: draws the lines from the tokens the build found, and loads Prism (./prism.ts) only
 * for a block the build did not highlight, once it nears the viewport (see CodeBlockContent below).
 *
 * Why: the theme's Content runs prism-react-renderer's Highlight on every block in the browser,
 * so Prism loads with every page; no option highlights at build time.
 * Upgrade: UPGRADING.md#codeblockcontent.
 */
import {useEffect, useMemo, useState, type CSSProperties, type ReactNode, type RefObject} from 'react';
import clsx from 'clsx';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import Line from '@theme/CodeBlock/Line';
import type {Props as LineProps} from '@theme/CodeBlock/Line';

import {decodeCodeTokens, plainLines, type CodeLines, type CodeToken} from '@site/src/remark/code-tokens';

import {useBuiltTokens} from '../highlightedCode';

import styles from './styles.module.css';

type PrismTheme = ReturnType<typeof usePrismTheme>;

/** The Prism theme's styles by token type, for one language, as prism-react-renderer applies them. */
function themeStyles(theme: PrismTheme, language: string): Record<string, CSSProperties> {
  const byType: Record<string, CSSProperties> = {};
  for (const {types, style, languages} of theme.styles) {
    if (languages && !languages.includes(language)) continue;
    for (const type of types) byType[type] = {...byType[type], ...(style as CSSProperties)};
  }
  return byType;
}

/** What prism-react-renderer's `getLineProps` and `getTokenProps` give a line and a token. */
function propsGetters(theme: PrismTheme, language: string) {
  const byType = themeStyles(theme, language);
  const plain: CSSProperties = {...(theme.plain as CSSProperties), backgroundColor: undefined};
  const getLineProps: LineProps['getLineProps'] = ({className, style}) => ({
    className: clsx('token-line', className),
    style: {...plain, ...style},
  });
  const getTokenProps: LineProps['getTokenProps'] = ({token, className, style, ...rest}) => {
    const {types, empty} = token as CodeToken;
    const isPlain = types.length === 1 && types[0] === 'plain';
    const tokenStyle: CSSProperties | undefined = isPlain
      ? empty
        ? {display: 'inline-block'}
        : undefined
      : Object.assign(empty ? {display: 'inline-block'} : {}, ...types.map((type) => byType[type]));
    return {
      ...rest,
      className: clsx('token', ...types, className),
      children: token.content,
      style: style ? {...tokenStyle, ...style} : tokenStyle,
    };
  };
  return {getLineProps, getTokenProps};
}

/** Languages Prism has no grammar for: their lines are plain text, with or without it. */
const PLAIN_LANGUAGES = new Set(['', 'text', 'txt', 'plain', 'plaintext']);

/** How near the viewport a block comes before Prism is loaded for it (as a diagram is drawn). */
const HIGHLIGHT_MARGIN = '400px';

/**
 * Tokens for code that the build did not highlight (a block written in JSX):
 * plain lines first, on the server too, then Prism's tokens once it has
 * loaded in the browser. The text stays where it is; only its colors change.
 * Prism (src/plugins/classic-theme) is loaded once the block comes near the
 * viewport, not with the page: a reader who never scrolls to the block never
 * downloads it, and a block of plain text never needs it.
 */
function useTokensInBrowser(
  code: string,
  language: string,
  needed: boolean,
  block: RefObject<HTMLElement | null>,
): CodeLines {
  const [highlighted, setHighlighted] = useState<{code: string; language: string; lines: CodeLines}>();
  useEffect(() => {
    const element = block.current;
    if (!needed || PLAIN_LANGUAGES.has(language) || !element) return undefined;
    let current = true;
    const load = () =>
      import('./prism')
        .then(({tokenize}) => {
          if (current) setHighlighted({code, language, lines: tokenize(code, language)});
        })
        // Offline or a failed chunk: the code stays readable as plain text.
        .catch(() => undefined);
    if (!('IntersectionObserver' in window)) {
      void load();
      return () => {
        current = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load();
      },
      {rootMargin: HIGHLIGHT_MARGIN},
    );
    observer.observe(element);
    return () => {
      current = false;
      observer.disconnect();
    };
  }, [code, language, needed, block]);
  return useMemo(
    () =>
      highlighted?.code === code && highlighted.language === language ? highlighted.lines : plainLines(code),
    [highlighted, code, language],
  );
}

/**
 * The highlighted lines of a code block. The theme's own version runs Prism
 * on every block in the browser, and loads Prism with every page; this one
 * shows the tokens the build found (src/remark/highlight-code.ts) and loads
 * Prism only for a block the build did not highlight.
 */
export default function CodeBlockContent({className}: {readonly className?: string}): ReactNode {
  const {
    metadata,
    wordWrap: {codeBlockRef},
  } = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const builtTokens = useBuiltTokens();
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  const fromBuild = useMemo(
    () => decodeCodeTokens(builtTokens, code, language),
    [builtTokens, code, language],
  );
  const inBrowser = useTokensInBrowser(code, language, fromBuild === undefined, codeBlockRef);
  const lines = fromBuild ?? inBrowser;
  const {getLineProps, getTokenProps} = useMemo(
    () => propsGetters(prismTheme, language),
    [prismTheme, language],
  );
  return (
    <pre
      ref={codeBlockRef}
      // Focusable, so that a keyboard can scroll a long line.
      tabIndex={0}
      className={clsx(className, 'prism-code', `language-${language}`, styles.codeBlock, 'thin-scrollbar')}
      style={prismTheme.plain as CSSProperties}>
      <code
        className={clsx(styles.lines, lineNumbersStart !== undefined && styles.linesNumbered)}
        style={
          lineNumbersStart === undefined ? undefined : {counterReset: `line-count ${lineNumbersStart - 1}`}
        }>
        {lines.map((line, index) => (
          <Line
            // Lines have no identity of their own.
            key={index}
            line={line as LineProps['line']}
            getLineProps={getLineProps}
            getTokenProps={getTokenProps}
            classNames={lineClassNames[index]}
            showLineNumbers={lineNumbersStart !== undefined}
          />
        ))}
      </code>
    </pre>
  );
}
