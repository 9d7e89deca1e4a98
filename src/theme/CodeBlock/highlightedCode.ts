import {createContext, useContext} from 'react';

/** The tokens the build wrote for the code block being rendered (src/remark/code-tokens.ts), if any. */
export const BuiltTokensContext = createContext<string | undefined>(undefined);

export function useBuiltTokens(): string | undefined {
  return useContext(BuiltTokensContext);
}
