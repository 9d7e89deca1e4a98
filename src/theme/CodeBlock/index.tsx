import {useMemo, type ReactNode} from 'react';
import CodeBlock from '@theme-original/CodeBlock';
import type CodeBlockType from '@theme/CodeBlock';
import type {WrapperProps} from '@docusaurus/types';

import {decodeCodeTokens} from '@site/src/remark/code-tokens';

import {HighlightedCodeContext} from './highlightedCode';

type Props = WrapperProps<typeof CodeBlockType> & {
  /** The block's tokens, written by the build into a fenced block of Markdown (src/remark/highlight-code.ts). */
  readonly 'data-code-tokens'?: string;
};

/**
 * The theme's code block, given the tokens the build found in it, so that
 * `@theme/CodeBlock/Content` shows it highlighted without running a
 * highlighter in the browser. Blocks written in JSX have none and are
 * highlighted in the browser.
 */
export default function CodeBlockWrapper({'data-code-tokens': encoded, ...props}: Props): ReactNode {
  const highlighted = useMemo(() => decodeCodeTokens(encoded), [encoded]);
  return (
    <HighlightedCodeContext.Provider value={highlighted}>
      <CodeBlock {...props} />
    </HighlightedCodeContext.Provider>
  );
}
