import {createContext, useContext} from 'react';

import type {HighlightedCode} from '@site/src/remark/code-tokens';

/** The tokens the build found in the code block being rendered (src/remark/highlight-code.ts), if any. */
export const HighlightedCodeContext = createContext<HighlightedCode | undefined>(undefined);

export function useHighlightedCode(): HighlightedCode | undefined {
  return useContext(HighlightedCodeContext);
}
