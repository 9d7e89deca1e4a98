/**
 * Replaces (ejected) the classic theme's CodeBlock/Content, which the theme marks unsafe to
 * swizzle: draws the lines from the tokens the build found, as the `<code>` element's inner HTML
 * (see linesHtml), and loads Prism (./prism.ts) only for a block the build did not highlight, once
 * it nears the viewport (see CodeBlockContent below).
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

/** CSS properties whose numbers take no unit, among those a Prism theme sets. */
const UNITLESS = new Set(['opacity', 'fontWeight', 'lineHeight', 'zIndex']);

/** `&`, `<`, `>`, `"` and `'` as entities, as React escapes text and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(
    /["'&<>]/g,
    (character) => `&${{'"': 'quot', "'": '#x27', '&': 'amp', '<': 'lt', '>': 'gt'}[character]};`,
  );
}

/** A style object as React writes it into the server's HTML: `color:#393A34;font-style:italic`. */
function styleAttribute(style: CSSProperties | undefined): string {
  const declarations = Object.entries(style ?? {}).flatMap(([name, value]: [string, unknown]) => {
    if (value === undefined || value === null || typeof value === 'boolean' || value === '') return [];
    const property = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    const text =
      typeof value === 'number' && value !== 0 && !UNITLESS.has(name) ? `${value}px` : String(value).trim();
    return [`${property}:${text}`];
  });
  return declarations.length === 0 ? '' : ` style="${escapeHtml(declarations.join(';'))}"`;
}

/**
 * The lines of a block without line numbers as HTML: the markup the theme's `CodeBlock/Line` and
 * `CodeBlock/Line/Token` give them (a `div` per line ending in `<br/>`, a `span` per token),
 * written as React writes it on the server, so the page's HTML is the same. Given to the `code`
 * element as its inner HTML, the lines are not React elements: hydrating the page does not walk
 * them. A guide of long samples holds thousands of tokens, and hydrating them was most of the
 * page's blocking time on a phone.
 */
function linesHtml(
  lines: CodeLines,
  lineClassNames: Readonly<Record<number, readonly string[]>>,
  {getLineProps, getTokenProps}: ReturnType<typeof propsGetters>,
): string {
  return lines
    .map((line, index) => {
      // As the theme's Line: a line of one "\n" token is empty, so that it does not break twice.
      const tokens = line.length === 1 && line[0]?.content === '\n' ? [{...line[0], content: ''}] : line;
      const lineProps = getLineProps({
        line: tokens as LineProps['line'],
        className: clsx(lineClassNames[index]),
      });
      const spans = tokens
        .map((token) => {
          const {className, style, children} = getTokenProps({token: token as LineProps['line'][number]});
          return `<span class="${escapeHtml(className)}"${styleAttribute(style)}>${escapeHtml(children)}</span>`;
        })
        .join('');
      return `<div class="${escapeHtml(lineProps.className)}"${styleAttribute(lineProps.style)}>${spans}<br/></div>`;
    })
    .join('');
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
  const getters = useMemo(() => propsGetters(prismTheme, language), [prismTheme, language]);
  const {getLineProps, getTokenProps} = getters;
  // The theme's context gives the block a new object of the same class names when it renders
  // again once the page runs: the markup is kept while their contents stay the same, not rebuilt.
  const classNamesKey = JSON.stringify(lineClassNames);
  // Numbered lines are the theme's Line, below.
  const linesMarkup = useMemo(
    () =>
      lineNumbersStart === undefined
        ? linesHtml(lines, JSON.parse(classNamesKey) as typeof lineClassNames, getters)
        : undefined,
    [lineNumbersStart, lines, classNamesKey, getters],
  );
  // The same object for the same markup: React sets an element's inner HTML again whenever the
  // object changes, and the block re-renders once the page runs (its context's objects are new).
  // Numbered lines do not use it.
  const html = useMemo(() => ({__html: linesMarkup ?? ''}), [linesMarkup]);
  return (
    <pre
      ref={codeBlockRef}
      // Focusable, so that a keyboard can scroll a long line.
      tabIndex={0}
      className={clsx(className, 'prism-code', `language-${language}`, styles.codeBlock, 'thin-scrollbar')}
      style={prismTheme.plain as CSSProperties}>
      {lineNumbersStart === undefined ? (
        <code className={styles.lines} dangerouslySetInnerHTML={html} />
      ) : (
        // Numbered lines keep the theme's Line, whose numbering takes the class names of its styles.
        <code
          className={clsx(styles.lines, styles.linesNumbered)}
          style={{counterReset: `line-count ${lineNumbersStart - 1}`}}>
          {lines.map((line, index) => (
            <Line
              // Lines have no identity of their own.
              key={index}
              line={line as LineProps['line']}
              getLineProps={getLineProps}
              getTokenProps={getTokenProps}
              classNames={lineClassNames[index]}
              showLineNumbers
            />
          ))}
        </code>
      )}
    </pre>
  );
}
