/**
 * The highlighted lines of a code block, as the build writes them into a page
 * (src/remark/highlight-code.ts) and `@theme/CodeBlock` reads them back.
 *
 * A token is what prism-react-renderer yields: its Prism types and its text;
 * `empty` marks the one token of an empty line. The page already holds the
 * block's text, so the tokens are written as JSON without it: `types` lists
 * each distinct set of types once, and each line is a flat list of
 * `[types index, length, types index, length...]`, or `[types index]` alone
 * for an empty line.
 */
import type {Prism as PrismInstance, normalizeTokens as NormalizeTokens} from 'prism-react-renderer';

export interface CodeToken {
  readonly types: readonly string[];
  readonly content: string;
  readonly empty?: boolean;
}

export type CodeLines = readonly (readonly CodeToken[])[];

interface EncodedTokens {
  readonly language: string;
  readonly types: readonly string[];
  readonly lines: readonly (readonly number[])[];
}

export function encodeCodeTokens(language: string, lines: CodeLines): string {
  const types: string[] = [];
  const indexOf = new Map<string, number>();
  const typesIndex = (token: CodeToken): number => {
    const key = token.types.join(' ');
    let index = indexOf.get(key);
    if (index === undefined) {
      index = types.push(key) - 1;
      indexOf.set(key, index);
    }
    return index;
  };
  const encoded: EncodedTokens = {
    language,
    types,
    lines: lines.map((line) => {
      const [first] = line;
      return line.length === 1 && first?.empty
        ? [typesIndex(first)]
        : line.flatMap((token) => [typesIndex(token), token.content.length]);
    }),
  };
  return JSON.stringify(encoded);
}

/**
 * The tokens of `code` in `language` that `encoded` describes; undefined when
 * it is not what encodeCodeTokens wrote for that text (another language, or
 * a text the theme changed, as it does when it takes out magic comments).
 */
export function decodeCodeTokens(encoded: unknown, code: string, language: string): CodeLines | undefined {
  if (typeof encoded !== 'string') return undefined;
  let parsed: Partial<EncodedTokens>;
  try {
    parsed = JSON.parse(encoded) as Partial<EncodedTokens>;
  } catch {
    return undefined;
  }
  const {types, lines} = parsed;
  const texts = code.split('\n');
  if (
    parsed.language !== language ||
    !Array.isArray(types) ||
    !Array.isArray(lines) ||
    lines.length !== texts.length
  ) {
    return undefined;
  }
  const typesOf = (index: number): string[] | undefined => types[index]?.split(' ');
  const decoded: CodeToken[][] = [];
  for (const [number, line] of lines.entries()) {
    const text = texts[number] ?? '';
    if (line.length === 1) {
      const lineTypes = typesOf(line[0] ?? -1);
      if (text !== '' || !lineTypes) return undefined;
      decoded.push([{types: lineTypes, content: '\n', empty: true}]);
      continue;
    }
    const tokens: CodeToken[] = [];
    let at = 0;
    for (let i = 0; i + 1 < line.length; i += 2) {
      const tokenTypes = typesOf(line[i] ?? -1);
      const length = line[i + 1] ?? -1;
      if (!tokenTypes || length < 0) return undefined;
      tokens.push({types: tokenTypes, content: text.slice(at, at + length)});
      at += length;
    }
    if (at !== text.length) return undefined;
    decoded.push(tokens);
  }
  return decoded;
}

/**
 * The lines and tokens `prism` finds in `code`, as prism-react-renderer's
 * `Highlight` computes them. Prism and `normalizeTokens` are passed in so that
 * the browser loads them only where it highlights code itself.
 */
export function tokenizeCode(
  prism: typeof PrismInstance,
  normalizeTokens: typeof NormalizeTokens,
  code: string,
  language: string,
): CodeToken[][] {
  const grammar = prism.languages[language];
  return normalizeTokens(grammar ? prism.tokenize(code, grammar) : [code]);
}

/** The lines of `code` as a language without a grammar gives them: plain text, before any highlighter has loaded. */
export function plainLines(code: string): CodeToken[][] {
  return code
    .split(/\r\n|\r|\n/)
    .map((line) => [
      line === '' ? {types: ['plain'], content: '\n', empty: true} : {types: ['plain'], content: line},
    ]);
}
