import type {ReactNode} from 'react';
import CodeBlock from '@theme-original/CodeBlock';
import type CodeBlockType from '@theme/CodeBlock';
import type {WrapperProps} from '@docusaurus/types';

import {BuiltTokensContext} from './highlightedCode';

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
export default function CodeBlockWrapper({'data-code-tokens': tokens, ...props}: Props): ReactNode {
  return (
    <BuiltTokensContext.Provider value={tokens}>
      <CodeBlock {...props} />
    </BuiltTokensContext.Provider>
  );
}
