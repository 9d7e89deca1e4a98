/**
 * Replaces (ejected) the classic theme's CodeBlock: hands the tokens the build wrote into a
 * fenced block (src/remark/highlight-code.ts) to ./Content through a context, and builds a block
 * again in the browser only when the site lets the color mode change (see below).
 *
 * Why: the theme's CodeBlock always builds every block twice in the browser and has no way to
 * receive tokens from the build; no option changes either.
 * Upgrade: UPGRADING.md#codeblock.
 */
import {Children, isValidElement, type ReactNode} from 'react';
import {useThemeConfig} from '@docusaurus/theme-common';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {Props as CodeBlockProps} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

import {BuiltTokensContext} from './highlightedCode';

type Props = CodeBlockProps & {
  /** The block's tokens, written by the build into a fenced block of Markdown (src/remark/highlight-code.ts). */
  readonly 'data-code-tokens'?: string;
};

/** The code as one string when it is only text (so that it can be copied), as given otherwise. */
function codeOf(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/**
 * A code block, given the tokens the build found in it, so that
 * `@theme/CodeBlock/Content` shows it highlighted without running a
 * highlighter in the browser. Blocks written in JSX have none and are
 * highlighted in the browser.
 *
 * The theme's own block is built twice in the browser: once to take over the
 * server's HTML, then from scratch as soon as the page runs, in case the
 * reader's color mode is not the one the server drew it in. A site with one
 * color mode draws every block in the browser's colors already, so here a
 * block is built again only when the site lets the color mode change. On a
 * page of code on a phone, that rebuilding was about 1,000 elements thrown
 * away and made again just after the page became interactive.
 */
export default function CodeBlock({'data-code-tokens': tokens, children, ...props}: Props): ReactNode {
  const {colorMode} = useThemeConfig();
  const isBrowser = useIsBrowser();
  const oneColorMode = colorMode.disableSwitch && !colorMode.respectPrefersColorScheme;
  const key = oneColorMode ? undefined : String(isBrowser);
  const code = codeOf(children);
  return (
    <BuiltTokensContext.Provider value={tokens}>
      {typeof code === 'string' ? (
        <StringContent key={key} {...props}>
          {code}
        </StringContent>
      ) : (
        <ElementContent key={key} {...props}>
          {code}
        </ElementContent>
      )}
    </BuiltTokensContext.Provider>
  );
}
