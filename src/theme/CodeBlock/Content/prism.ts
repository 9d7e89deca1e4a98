/**
 * Not a theme component: the portal's module that loads Prism with the site's languages, for
 * ./index.tsx and the request panel (see below).
 *
 * Upgrade: UPGRADING.md#codeblockcontent.
 */
import {Prism, normalizeTokens} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

import {tokenizeCode, type CodeToken} from '@site/src/remark/code-tokens';

/**
 * Prism with the site's languages (`themeConfig.prism.additionalLanguages`),
 * loaded only where code is written in the browser: a code block written in
 * JSX, and the request panel's samples, which import this module for its
 * languages.
 */
prismIncludeLanguages(Prism as unknown as Parameters<typeof prismIncludeLanguages>[0]);

export function tokenize(code: string, language: string): CodeToken[][] {
  return tokenizeCode(Prism, normalizeTokens, code, language);
}
