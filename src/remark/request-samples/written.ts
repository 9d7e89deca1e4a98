/**
 * What a writer writes for a request: an `http` code block holding the
 * request as it goes over the wire, without its host, or naming only the
 * operation in its meta string (`operation=getToken`), or both.
 *
 * ````md
 * ```http
 * PATCH /integrations/food/outlets/M008-a1b2c3/v1/properties
 * Authorization: Bearer $ACCESS_TOKEN
 * Content-Type: application/json
 *
 * {"force_close": true}
 * ```
 * ````
 */

/** Methods a request line may start with. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** `METHOD target`, optionally followed by the protocol, as on the first line of an HTTP request. */
const REQUEST_LINE = new RegExp(
  `^(${METHODS.join('|')})[ \\t]+(\\S+)(?:[ \\t]+HTTP/\\d(?:\\.\\d)?)?[ \\t]*$`,
);

const HEADER_LINE = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+):[ \t]*(.*?)[ \t]*$/;

export interface WrittenRequest {
  readonly method: string;
  /** The path and query as written: `/integrations/...?page=1`. */
  readonly target: string;
  readonly headers: readonly {readonly name: string; readonly value: string}[];
  /** The body as written, without the blank line before it; undefined when there is none. */
  readonly body?: string;
}

/** The options of the block's meta string: `operation=<operationId>` and `example=<name>`. */
export interface RequestOptions {
  readonly operation?: string;
  readonly example?: string;
}

/** A written request the build cannot use; the message says what to change. */
export class RequestError extends Error {}

/**
 * Whether an `http` block holds a request to show in every language: a
 * request line first, and no Host header. A block with a Host header is HTTP
 * as it goes over the wire, shown as it is (the generated reference pages
 * write their example request so, beside the request panel).
 */
export function isRequestText(text: string): boolean {
  const lines = text.split('\n');
  const first = lines.find((line) => line.trim() !== '');
  if (first === undefined || !REQUEST_LINE.test(first.trim())) return false;
  const headerEnd = lines.findIndex((line, index) => index > lines.indexOf(first) && line.trim() === '');
  const headers = lines.slice(lines.indexOf(first) + 1, headerEnd < 0 ? undefined : headerEnd);
  return !headers.some((line) => /^host[ \t]*:/i.test(line));
}

const OPTION = /^(operation|example)=(\S+)$/;

/** The options of a meta string; any other word is a mistake the writer should hear about. */
export function parseOptions(meta: string | null | undefined): RequestOptions {
  const options: {operation?: string; example?: string} = {};
  for (const word of (meta ?? '').split(/\s+/).filter(Boolean)) {
    const match = OPTION.exec(word);
    if (!match) {
      throw new RequestError(
        `"${word}" is not an option of a request block: write operation=<operationId> and, to pick a request body example of the description, example=<name>.`,
      );
    }
    options[match[1] as 'operation' | 'example'] = match[2];
  }
  return options;
}

/**
 * The request of a block's text: the request line, headers up to the first
 * blank line, then the body. Undefined for a block with no text (one that
 * names its operation only).
 */
export function parseWrittenRequest(text: string): WrittenRequest | undefined {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[0]?.trim() === '') lines.shift();
  if (lines.length === 0) return undefined;
  const requestLine = lines.shift()?.trim() ?? '';
  const request = REQUEST_LINE.exec(requestLine);
  if (!request) {
    throw new RequestError(
      `"${requestLine}" is not a request line: write the method and the path, such as "GET /integrations/partner/v1/linked-outlets?page=1".`,
    );
  }
  const [, method = '', target = ''] = request;
  if (!target.startsWith('/')) {
    throw new RequestError(
      `"${target}" is not a path: write the path only (it starts with "/"); the host comes from the operation's server in the OpenAPI description and src/constants.ts.`,
    );
  }
  const headers: {name: string; value: string}[] = [];
  while (lines.length > 0 && lines[0]?.trim() !== '') {
    const line = lines.shift() ?? '';
    const header = HEADER_LINE.exec(line);
    if (!header) {
      throw new RequestError(
        `"${line}" is not a header line ("Name: value"). Leave a blank line between the headers and the body.`,
      );
    }
    const [, name = '', value = ''] = header;
    if (name.toLowerCase() === 'host') {
      throw new RequestError(
        "Leave out the Host header: the host comes from the operation's server in the OpenAPI description and src/constants.ts.",
      );
    }
    headers.push({name, value});
  }
  const body = lines.join('\n').trim();
  return {method, target, headers, ...(body ? {body} : {})};
}

/**
 * A form body written one field a line (`name=value`), or joined with `&`, as
 * the fields it sends. Values are written as they are, not URL-encoded: the
 * code of each language encodes them.
 */
export function formFields(body: string): [string, string][] {
  return body
    .split(/\n|&/)
    .map((field) => field.trim())
    .filter(Boolean)
    .map((field) => {
      const at = field.indexOf('=');
      if (at <= 0) {
        throw new RequestError(`"${field}" is not a form field: write name=value, one field a line.`);
      }
      return [field.slice(0, at), field.slice(at + 1)];
    });
}
