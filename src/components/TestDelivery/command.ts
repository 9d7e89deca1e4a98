/**
 * The curl command of a test delivery, and its highlighting.
 *
 * The command is built here, on the server and again in the browser when the
 * reader changes the address or the page signs for the current time, so the
 * tokens of the site's bash highlighting are built with it: the page shows
 * it in color without loading Prism. tests/unit/test-delivery.test.mjs
 * checks that these tokens are the ones Prism finds.
 */
import {encodeCodeTokens, type CodeToken} from '../../remark/code-tokens';

/** Where the sample receivers listen by default (samples/webhooks/node/receiver.mjs, python/receiver.py). */
export const DEFAULT_RECEIVER_URL = 'http://localhost:8080/webhooks/gerai';

export interface Delivery {
  readonly url: string;
  readonly eventId: string;
  /** The value of X-Gerai-Signature. */
  readonly signature: string;
  /** The body, byte for byte. */
  readonly body: string;
}

type Token = readonly [types: readonly string[], content: string];

const plain = (content: string): Token => [['plain'], content];
const option = (name: string): Token => [['parameter', 'variable'], name];
const continuation: readonly Token[] = [plain(' '), [['punctuation'], '\\']];

/** A word in single quotes, as the shell reads it: a quote inside is closed, escaped and opened again. */
function quoted(text: string): Token[] {
  return text
    .split("'")
    .flatMap((part, index) => [
      ...(index > 0 ? [[['punctuation'], '\\'] as Token, plain("'")] : []),
      [['string'], `'${part}'`] as Token,
    ]);
}

function lines({url, eventId, signature, body}: Delivery): Token[][] {
  const header = (value: string): Token[] => [plain('  '), option('-H'), plain(' '), ...quoted(value)];
  return [
    [
      [['function'], 'curl'],
      plain(' '),
      option('-i'),
      plain(' '),
      option('-X'),
      plain(' POST '),
      ...quoted(url),
      ...continuation,
    ],
    [...header('Content-Type: application/json'), ...continuation],
    [...header(`X-Gerai-Event-Id: ${eventId}`), ...continuation],
    [...header(`X-Gerai-Signature: ${signature}`), ...continuation],
    [plain('  --data-raw '), ...quoted(body)],
  ];
}

/** Tokens side by side with the same types are one token, as Prism gives them. */
function merge(line: readonly Token[]): CodeToken[] {
  // Made here, so the last token takes the content of the next one of its types.
  const tokens: {readonly types: readonly string[]; content: string}[] = [];
  for (const [types, content] of line) {
    const last = tokens.at(-1);
    if (last?.types.join(' ') === types.join(' ')) {
      last.content += content;
    } else {
      tokens.push({types, content});
    }
  }
  return tokens;
}

/** The command as a reader copies it, and its tokens as `@theme/CodeBlock` reads them (`data-code-tokens`). */
export function curlCommand(delivery: Delivery): {readonly text: string; readonly tokens: string} {
  const tokenLines = lines(delivery).map(merge);
  return {
    text: tokenLines.map((line) => line.map((token) => token.content).join('')).join('\n'),
    tokens: encodeCodeTokens('bash', tokenLines),
  };
}

/** The address a reader typed, if it is one curl can post to; null otherwise. */
export function receiverUrl(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.hostname === '' ? null : text;
  } catch {
    return null;
  }
}
