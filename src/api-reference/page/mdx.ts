/**
 * Text from the OpenAPI descriptions, made safe to write into MDX.
 *
 * MDX reads `{` as the start of a JavaScript expression and `<` as the start
 * of a JSX element, so a description such as "replace {outlet_id}" or
 * "Bearer <token>" would break the page. Inside code (spans and fenced
 * blocks) both are literal and stay as they are.
 */

/** Fenced code blocks, then code spans: the parts of Markdown MDX does not parse. */
const CODE = /(^|\n)(```|~~~)[^\n]*\n[\s\S]*?\n\2[^\n]*(?=\n|$)|(`+)[\s\S]*?[^`]\3(?!`)/g;

function escapeProse(text: string): string {
  return text.replace(/[{}]/g, (brace) => `\\${brace}`).replace(/</g, '&lt;');
}

/** Markdown (several paragraphs allowed) with every brace and angle bracket outside code escaped. */
export function mdxMarkdown(markdown: string | undefined): string {
  if (!markdown) {
    return '';
  }
  const text = markdown.trim();
  let result = '';
  let last = 0;
  for (const match of text.matchAll(CODE)) {
    result += escapeProse(text.slice(last, match.index)) + match[0];
    last = (match.index ?? 0) + match[0].length;
  }
  return result + escapeProse(text.slice(last));
}

/** One line of Markdown: line breaks become spaces (for headings and list item titles). */
export function mdxLine(text: string | undefined): string {
  return mdxMarkdown((text ?? '').replace(/\s*\n\s*/g, ' '));
}

/** Inline code for any value, with a fence longer than any run of backticks in it. */
export function inlineCode(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A fenced code block with a fence longer than any run of backticks in the content. */
export function codeBlock(language: string, content: string): string {
  const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${content}\n${fence}`;
}

/** Indents every line but empty ones, to nest a block under a list item. */
export function indent(block: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return block
    .split('\n')
    .map((line) => (line.trim() === '' ? '' : pad + line))
    .join('\n');
}

/** A JSX attribute value: a JavaScript string literal inside braces, safe for any text. */
export function jsxString(value: string): string {
  return `{${JSON.stringify(value)}}`;
}
