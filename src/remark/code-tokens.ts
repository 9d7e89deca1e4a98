/**
 * The highlighted lines of a code block, as the build writes them into a page
 * (src/remark/highlight-code.ts) and `@theme/CodeBlock` reads them back.
 *
 * A token is what prism-react-renderer yields: its Prism types and its text;
 * `empty` marks the one token of an empty line. In a page they are written
 * compactly, as JSON: `types` lists each distinct set of types once, and each
 * line is a flat list of `[types index, text, types index, text...]`, or
 * `[types index]` alone for an empty line.
 */
import type {Prism as PrismInstance, normalizeTokens as NormalizeTokens} from 'prism-react-renderer';

export interface CodeToken {
  readonly types: readonly string[];
  readonly content: string;
  readonly empty?: boolean;
}

interface EncodedTokens {
  readonly language: string;
  readonly types: readonly string[];
  readonly lines: readonly (readonly (number | string)[])[];
}

/** A code block's language and tokens, decoded. */
export interface HighlightedCode {
  readonly language: string;
  readonly lines: readonly (readonly CodeToken[])[];
}

export function encodeCodeTokens(language: string, lines: readonly (readonly CodeToken[])[]): string {
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
        : line.flatMap((token) => [typesIndex(token), token.content]);
    }),
  };
  return JSON.stringify(encoded);
}

/** The tokens of `encoded`, or undefined when it is not what encodeCodeTokens writes. */
export function decodeCodeTokens(encoded: unknown): HighlightedCode | undefined {
  if (typeof encoded !== 'string') return undefined;
  let parsed: EncodedTokens;
  try {
    parsed = JSON.parse(encoded) as EncodedTokens;
  } catch {
    return undefined;
  }
  if (typeof parsed?.language !== 'string' || !Array.isArray(parsed.types) || !Array.isArray(parsed.lines)) {
    return undefined;
  }
  const typesOf = (index: number | string | undefined): string[] =>
    (parsed.types[Number(index)] ?? 'plain').split(' ');
  return {
    language: parsed.language,
    lines: parsed.lines.map((line) => {
      if (line.length === 1) return [{types: typesOf(line[0]), content: '\n', empty: true}];
      const tokens: CodeToken[] = [];
      for (let i = 0; i + 1 < line.length; i += 2) {
        tokens.push({types: typesOf(line[i]), content: String(line[i + 1])});
      }
      return tokens;
    }),
  };
}

/** The text `lines` were made from: what the theme highlights, for a block whose text has not changed since. */
export function textOfLines(lines: readonly (readonly CodeToken[])[]): string {
  return lines.map((line) => line.map((token) => (token.empty ? '' : token.content)).join('')).join('\n');
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
  return normalizeTokens(grammar ? prism.tokenize(code, grammar) : [code]).map((line) =>
    line.map((token) =>
      token.empty
        ? {types: token.types, content: token.content, empty: true}
        : {types: token.types, content: token.content},
    ),
  );
}

/** The lines of `code` as a language without a grammar gives them: plain text, before any highlighter has loaded. */
export function plainLines(code: string): CodeToken[][] {
  return code
    .split(/\r\n|\r|\n/)
    .map((line) => [
      line === '' ? {types: ['plain'], content: '\n', empty: true} : {types: ['plain'], content: line},
    ]);
}
