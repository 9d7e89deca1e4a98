// @ts-check
// The example request of a reference page (src/api-reference/page/example-request.ts), sent as a
// partner would send it: read from the page, its placeholders filled in, its host made a Prism mock's
// (started with `--errors`, so that a request the description refuses, credentials included, is
// answered with the reason rather than an example).
import {spawn} from 'node:child_process';
import path from 'node:path';

import {freePort} from './free-port.mjs';
import {root} from './openapi.mjs';

/** What fills each placeholder: a value of the form each needs, made up here and nowhere else. */
const FILLS = {
  accessToken: 'test-access-token',
  apiKey: 'test-api-key',
  user: (name) => `test-${name.replace(/_/g, '-')}`,
  file: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x01]),
};

/**
 * A request as an `http` block shows it: the request line, the headers up to the first blank line,
 * then the body. Throws naming what is not there.
 */
export function parseExample(text) {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const match = /^([A-Z]+) (\S+) HTTP\/1\.1$/.exec(lines.shift() ?? '');
  if (!match) throw new Error(`no request line in:\n${text}`);
  const headers = [];
  while (lines.length > 0 && lines[0] !== '') {
    const line = lines.shift();
    const at = line.indexOf(':');
    if (at <= 0) throw new Error(`"${line}" is not a header line`);
    headers.push([line.slice(0, at), line.slice(at + 1).trim()]);
  }
  lines.shift();
  const body = lines.join('\n');
  return {method: match[1], target: match[2], headers, body: body === '' ? undefined : body};
}

/** A placeholder left in text: `<…>` holding words, as the page writer writes them. */
const PLACEHOLDER = /<(access token|api-key|base64 of [^<>\s]+|contents of [^<>]+|credentials)>/;

/** The text with its credential placeholders filled (a file's bytes are filled by `bodyBytes`). */
function fillText(text) {
  return text
    .replaceAll('<access token>', FILLS.accessToken)
    .replaceAll('<api-key>', FILLS.apiKey)
    .replace(/<base64 of ([^:<>\s]+):([^<>\s]+)>/g, (_, user, password) =>
      Buffer.from(`${FILLS.user(user)}:${FILLS.user(password)}`).toString('base64'),
    );
}

/** The body's bytes: its text with every file's contents in place of its placeholder. */
function bodyBytes(body) {
  if (body === undefined) return undefined;
  const parts = fillText(body)
    .replace(/\n/g, '\r\n')
    .split(/<contents of [^<>]+>/);
  // A body that is a file's bytes alone, or a multipart body whose parts end in CRLF.
  const pieces = parts.flatMap((part, index) =>
    index === 0 ? [Buffer.from(part)] : [FILLS.file, Buffer.from(part)],
  );
  const bytes = Buffer.concat(pieces);
  return /^--/.test(body) ? Buffer.concat([bytes, Buffer.from('\r\n')]) : bytes;
}

/**
 * The request of `text` sent to `mock` (an origin) in place of the server of `servers` (addresses of
 * the description's servers) that the page's Host names, whose path the mock's routes leave out:
 * its status and, when refused, Prism's reason.
 */
export async function sendExample(text, {mock, servers}) {
  const request = parseExample(text);
  const leftOver = [request.target, ...request.headers.map(([, value]) => value)].find((value) =>
    PLACEHOLDER.test(fillText(value)),
  );
  if (leftOver !== undefined)
    return {status: 0, reason: `a placeholder the partner cannot fill: ${leftOver}`};
  const host = request.headers.find(([name]) => name.toLowerCase() === 'host')?.[1];
  const absolute = servers.filter((url) => /^https?:\/\//.test(url));
  const base = absolute.map((url) => new URL(url)).find((url) => url.host === host);
  if (absolute.length > 0 && !base)
    return {status: 0, reason: `Host ${host} is none of the servers' ${absolute.join(', ')}`};
  const prefix = base ? base.pathname.replace(/\/+$/, '') : '';
  if (!request.target.startsWith(prefix))
    return {status: 0, reason: `${request.target} is not under ${prefix}`};
  const headers = new Headers();
  for (const [name, value] of request.headers) {
    if (name.toLowerCase() !== 'host') headers.append(name, fillText(value));
  }
  const response = await fetch(`${mock}${fillText(request.target.slice(prefix.length))}`, {
    method: request.method,
    headers,
    body: bodyBytes(request.body),
    redirect: 'manual',
  });
  const answer = await response.text();
  return {
    status: response.status,
    reason: response.status >= 400 ? answer : undefined,
  };
}

/**
 * Whether the mock accepted the request: it answered with a success or a redirect, or found fault
 * with its own made-up response alone (`--errors` turns that into a 500 listing where).
 */
export const accepted = ({status, reason}) => {
  if (status >= 200 && status < 400) return true;
  if (status !== 500 || reason === undefined) return false;
  try {
    const {type, validation} = JSON.parse(reason);
    return (
      /#VIOLATIONS$/.test(type) &&
      validation.length > 0 &&
      validation.every(({location}) => location[0] === 'response')
    );
  } catch {
    return false;
  }
};

/** Starts `prism mock --errors` on `file`; resolves with its origin and a `stop`. */
export async function startMock(file) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const prism = spawn(
    path.join(root, 'node_modules', '.bin', 'prism'),
    ['mock', '--errors', '-h', '127.0.0.1', '-p', String(port), file],
    {stdio: ['ignore', 'ignore', 'pipe']},
  );
  let errors = '';
  prism.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (prism.exitCode !== null) throw new Error(`Prism stopped on ${file}: ${errors}`);
    try {
      await fetch(origin);
      break;
    } catch {
      if (Date.now() > deadline) {
        prism.kill();
        throw new Error(`the Prism mock of ${file} did not start within 60 s: ${errors}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {origin, stop: () => prism.kill()};
}

/** The example request of a page's Markdown or MDX: the `http` block under "### Example request". */
export function exampleOfMarkdown(markdown) {
  const match = /^### Example request\n\n(`{3,})http\n([\s\S]*?)\n\1$/m.exec(markdown);
  return match?.[2];
}

/** Every server address of a description: its own, its path items' and its operations'. */
export function serverUrls(doc) {
  const urls = (holder) => (Array.isArray(holder?.servers) ? holder.servers.map((server) => server.url) : []);
  const items = Object.values(doc.paths ?? {});
  return [
    ...new Set([
      ...urls(doc),
      ...items.flatMap((item) => [
        ...urls(item),
        ...Object.values(item ?? {}).flatMap((operation) => urls(operation)),
      ]),
    ]),
  ];
}
