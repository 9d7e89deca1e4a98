/**
 * The MCP server over Streamable HTTP at `/mcp`, stateless: each POST is one JSON-RPC message (or
 * batch) answered by a server of its own (./server.ts) and no session is kept, so that any number
 * of processes behind one proxy serve the same clients. It answers only POST /mcp; a request whose `Origin` is not
 * the portal's or a local address is refused with 403 (DNS rebinding), a body over MAX_BODY_BYTES
 * with 413.
 *
 * Memory and the young generation: V8 sizes its young generation (`--max-semi-space-size`) for the
 * machine, which on a large one let an idle server over a ten-times build keep 100 MB more than it
 * uses. `npm run mcp` starts Node.js with 8 MB semi-spaces, enough for an assistant's calls one at
 * a time; the production unit (deploy/systemd/) with 32 MB, since under a load over HTTP every
 * request allocates many short-lived objects (its transport, the search's word lists, the JSON of
 * its answer) and collecting them in smaller semi-spaces took a sixth of the process's time. The
 * figures: bench/mcp/results.json.
 */
import {createServer as createHttpServer, type IncomingMessage, type Server} from 'node:http';

import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';

import {MCP_PATH} from '../../src/config/mcp';
import {createServer, type Loaded} from './server';

export {MCP_PATH};

/** The largest request body: a tool call is a few KB; a webhook payload to check at most 1 MB. */
export const MAX_BODY_BYTES = 1_100_000;

/** Origins a browser may call the server from: the portal's own, and local addresses. */
export function originAllowed(origin: string | undefined, portalOrigin: string): boolean {
  if (origin === undefined) return true;
  if (origin === portalOrigin) return true;
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

function problem(message: string) {
  return JSON.stringify({jsonrpc: '2.0', error: {code: -32000, message}, id: null});
}

/** The body of a request, or undefined when it is longer than MAX_BODY_BYTES. */
async function bodyOf(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request) {
    length += (chunk as Buffer).length;
    if (length > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** How many servers wait for a request once theirs has ended: as many as requests ran at once, up to this. */
const IDLE_SERVERS = 64;

/** An HTTP server answering MCP at /mcp; `log` gets one line per request (never its body). */
export function createMcpHttpServer(loaded: Loaded, log: (line: string) => void = () => {}): Server {
  // A server is made for a request, then kept for the next once its transport has closed (the
  // SDK lets a server connect again after close), rather than made again with its tools.
  const idle: ReturnType<typeof createServer>[] = [];
  return createHttpServer(async (request, response) => {
    const started = performance.now();
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, message: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, {'content-type': 'application/json', ...headers}).end(problem(message));
    };
    response.on('finish', () =>
      log(
        `${request.method} ${url.pathname} ${response.statusCode} ${(performance.now() - started).toFixed(1)} ms`,
      ),
    );
    if (url.pathname !== MCP_PATH) return send(404, `Not found: the MCP server answers at ${MCP_PATH}.`);
    if (!originAllowed(request.headers.origin, loaded.portal.origin)) {
      return send(403, `Origin ${request.headers.origin} may not call this server.`);
    }
    if (request.method !== 'POST') {
      return send(405, 'This server is stateless: send each JSON-RPC message as a POST.', {allow: 'POST'});
    }
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) return send(413, `A request body may be at most ${MAX_BODY_BYTES} bytes.`);
    const body = await bodyOf(request);
    if (body === undefined) return send(413, `A request body may be at most ${MAX_BODY_BYTES} bytes.`);
    let message: unknown;
    try {
      message = JSON.parse(body.toString('utf8'));
    } catch {
      response.writeHead(400, {'content-type': 'application/json'}).end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: {code: -32700, message: 'Parse error: the body is not JSON.'},
          id: null,
        }),
      );
      return;
    }
    const server = idle.pop() ?? createServer(loaded);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    response.on('close', () => {
      void transport.close().then(() => {
        if (idle.length < IDLE_SERVERS) idle.push(server);
      });
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request, response, message);
    } catch (error) {
      log(`error: ${(error as Error).message}`);
      if (!response.headersSent) send(500, 'The server failed to answer this request.');
    }
  });
}
