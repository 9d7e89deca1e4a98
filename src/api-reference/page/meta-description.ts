/**
 * The meta description of a generated reference page, from the Markdown
 * description of its operation or tag.
 *
 * The OpenAPI generator takes the first line of the description, which cuts
 * a hard-wrapped sentence in the middle. This takes whole sentences of the
 * first paragraph instead, as many as fit in `maxLength` characters (at
 * least one, however long), as plain text.
 */

/** Markdown of one paragraph made plain: links keep their text; code, emphasis and line breaks go. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s.,;:!?)]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A sentence ends with `.`, `!` or `?` (a closing quote or bracket may follow)
 * before a space and what starts a sentence: a capital letter, a digit, or
 * code, a link or emphasis in Markdown. So "e.g. a menu" is one sentence.
 */
const SENTENCE_END = /(?<=[.!?]["')\]]?)\s+(?=[A-Z0-9`[*_])/;

export function metaDescription(markdown: string | undefined, maxLength = 200): string {
  const paragraph =
    (markdown ?? '')
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ') ?? '';
  const sentences = paragraph
    .split(SENTENCE_END)
    .map(plainText)
    .filter((sentence) => sentence !== '');
  if (sentences.length === 0) {
    return '';
  }
  let description = sentences[0];
  for (const sentence of sentences.slice(1)) {
    if (description.length + 1 + sentence.length > maxLength) {
      break;
    }
    description += ` ${sentence}`;
  }
  // A paragraph that leads into a list ends with a colon: the description ends as a sentence.
  return /[.!?]["')\]]?$/.test(description) ? description : `${description.replace(/[\s:;,]+$/, '')}.`;
}
