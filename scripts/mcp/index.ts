/**
 * `npm run mcp -- [build folder] [--http] [--port N] [--host H]`: the portal's MCP server over a
 * built site (`build/` unless named). Over stdio by default, for an assistant that starts it
 * (its messages on stdin and stdout, its log on stderr); with `--http`, over Streamable HTTP at
 * `http://H:N/mcp` (127.0.0.1:3001 unless given), as the production host runs it behind nginx.
 */
import path from 'node:path';
import {parseArgs} from 'node:util';

import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';

import {createMcpHttpServer, MCP_PATH} from './http';
import {PortalError} from './portal';
import {createServer, load} from './server';

const log = (line: string) => process.stderr.write(`[mcp] ${line}\n`);

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        http: {type: 'boolean'},
        port: {type: 'string'},
        host: {type: 'string'},
        help: {type: 'boolean'},
      },
    });
  } catch (error) {
    log(`${(error as Error).message}. Usage: npm run mcp -- [build folder] [--http] [--port N] [--host H]`);
    return 2;
  }
  if (args.values.help) {
    process.stdout.write('Usage: npm run mcp -- [build folder] [--http] [--port N] [--host H]\n');
    return 0;
  }
  const folder = path.resolve(args.positionals[0] ?? 'build');
  let loaded;
  try {
    loaded = load(folder);
  } catch (error) {
    if (error instanceof PortalError) {
      log(error.message);
      return 1;
    }
    throw error;
  }
  if (!args.values.http) {
    await createServer(loaded).connect(new StdioServerTransport());
    log(`serving ${loaded.portal.pages.length} pages of ${folder} over stdio`);
    return -1;
  }
  const port = Number(args.values.port ?? process.env.MCP_PORT ?? 3001);
  const host = args.values.host ?? process.env.MCP_HOST ?? '127.0.0.1';
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    log(`"${args.values.port}" is not a port.`);
    return 2;
  }
  const server = createMcpHttpServer(loaded, log);
  server.listen(port, host, () =>
    log(`serving ${loaded.portal.pages.length} pages of ${folder} at http://${host}:${port}${MCP_PATH}`),
  );
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return -1;
}

main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
