import {createRequire} from 'node:module';

import type {Code, Root} from 'mdast';
import {Prism, normalizeTokens} from 'prism-react-renderer';
import {visit} from 'unist-util-visit';

import {encodeCodeTokens, tokenizeCode} from './code-tokens';

export interface HighlightCodeOptions {
  /** Prism languages to add to those prism-react-renderer has: the theme's `prism.additionalLanguages`. */
  readonly additionalLanguages: readonly string[];
}

/** The property of a code block that carries its tokens to `@theme/CodeBlock`. */
export const TOKENS_PROPERTY = 'dataCodeTokens';

const requireHere = createRequire(__filename);

/** Prism components that other components extend, so load first. */
const PREREQUISITES: Readonly<Record<string, readonly string[]>> = {php: ['markup-templating']};

let registered = new Set<string>();

/**
 * Adds Prism's definitions of `languages` to prism-react-renderer's own Prism,
 * as the theme does in the browser: the components register themselves on a
 * global `Prism`.
 */
export function registerLanguages(languages: readonly string[]): void {
  const missing = languages.filter((language) => !registered.has(language));
  if (missing.length === 0) return;
  const global = globalThis as {Prism?: unknown};
  const before = global.Prism;
  global.Prism = Prism;
  try {
    for (const language of missing) {
      for (const component of [...(PREREQUISITES[language] ?? []), language]) {
        try {
          requireHere(`prismjs/components/prism-${component}`);
        } catch (error) {
          throw new Error(
            `highlight-code: Prism has no language "${component}" (listed in themeConfig.prism.additionalLanguages): ${(error as Error).message}`,
          );
        }
      }
    }
  } finally {
    if (before === undefined) delete global.Prism;
    else global.Prism = before;
  }
  registered = new Set([...registered, ...missing]);
}

/**
 * The tokens of `code` in `language`, encoded as a fenced block carries them
 * to `@theme/CodeBlock`, for code that the build writes itself
 * (src/remark/request-samples). `language` must be one Prism has: one of
 * prism-react-renderer's or of those registered with `registerLanguages`.
 */
export function encodedTokens(code: string, language: string): string {
  return encodeCodeTokens(language, tokenizeCode(Prism, normalizeTokens, code, language));
}

/**
 * The language of a fence, as the theme reads it: `language-<name>` lowercased,
 * or plain text.
 */
function languageOf(node: Code): string {
  return (node.lang ?? 'text').toLowerCase();
}

/**
 * Remark plugin: highlights code blocks while the site is built. Each fenced
 * block gets its lines and tokens as a property that `@theme/CodeBlock`
 * renders, so a page shows highlighted code without loading a highlighter:
 * Prism and its grammars then load only for code that is written in the
 * browser (the request panel's samples). It must come after any plugin that
 * changes a block's text.
 */
export default function remarkHighlightCode(options: HighlightCodeOptions) {
  registerLanguages(options.additionalLanguages);
  return (tree: Root) => {
    visit(tree, 'code', (node: Code) => {
      // A block whose text the theme changes before highlighting it (magic comments such as
      // `highlight-next-line` are taken out) no longer matches its tokens: the browser
      // highlights that one itself.
      const language = languageOf(node);
      const data = (node.data ??= {});
      data.hProperties = {
        ...data.hProperties,
        [TOKENS_PROPERTY]: encodeCodeTokens(
          language,
          tokenizeCode(Prism, normalizeTokens, node.value, language),
        ),
      };
    });
  };
}
