import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';

import {CONTENT_TOKENS} from '../constants';

/** Matches `@@NAME@@`, the form a page uses to refer to a value of `src/constants.ts`. */
const TOKEN = /@@([A-Z][A-Z0-9_]*)@@/g;

export function substituteTokens(
  text: string,
  tokens: Readonly<Record<string, string>> = CONTENT_TOKENS,
  where = 'a page',
): string {
  return text.replace(TOKEN, (whole, name: string) => {
    const value = tokens[name];
    if (value === undefined) {
      const known = Object.keys(tokens).join(', ');
      throw new Error(`Unknown token ${whole} in ${where}. Known tokens: ${known} (see src/constants.ts).`);
    }
    return value;
  });
}

/**
 * Remark plugin: replaces `@@NAME@@` tokens in text, inline code, code blocks
 * and link targets with the values of `CONTENT_TOKENS`, so that hosts and the
 * product name are written once.
 */
export default function remarkSubstituteTokens() {
  return (tree: Root, file: {path?: string}) => {
    const where = file.path ?? 'a page';
    visit(tree, (node) => {
      if (
        (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') &&
        node.value.includes('@@')
      ) {
        node.value = substituteTokens(node.value, CONTENT_TOKENS, where);
      } else if ((node.type === 'link' || node.type === 'definition') && node.url.includes('@@')) {
        node.url = substituteTokens(node.url, CONTENT_TOKENS, where);
      }
    });
  };
}
