/**
 * `npm run mcp -- [build folder] [--http] [--port N] [--host H] [--workers N]`: the portal's MCP
 * server over a built site (`build/` unless named). Over stdio by default, for an assistant that starts it
 * (its messages on stdin and stdout, its log on stderr); with `--http`, over Streamable HTTP at
 * `http://H:N/mcp` (127.0.0.1:3001 unless given), as the production host runs it behind nginx.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';

import {createMcpHttpServer, MCP_PATH} from './http';
import {PortalError} from './portal';
import {createServer, load} from './server';

const log = (line: string) =>
  process.stderr.write(`[mcp${cluster.isWorker ? ` ${cluster.worker?.id}` : ''}] ${line}\n`);

const USAGE = 'Usage: npm run mcp -- [build folder] [--http] [--port N] [--host H] [--workers N]';

/**
 * `--http --workers N`: N processes answer on the same port (the cluster module hands each
 * connection to one of them). The server keeps no session, so any of them answers any request;
 * one that stops is started again.
 */
function runWorkers(count: number): number {
  // Each worker runs this file again through jiti, with the same arguments and Node.js flags.
  cluster.setupPrimary({
    exec: require.resolve('jiti/bin/jiti.js'),
    args: [__filename, ...process.argv.slice(2)],
    execArgv: process.execArgv,
  });
  let stopping = false;
  const started = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
  };
  for (let index = 0; index < count; index += 1) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const how = signal ?? `exit code ${code}`;
    // A worker that stops within its first 10 s would stop again: the primary stops too.
    if (Date.now() - (started.get(worker.id) ?? 0) < 10_000) {
      log(`worker ${worker.id} stopped while starting (${how}): see its messages above. Stopping.`);
      stop(1);
      return;
    }
    log(`worker ${worker.id} stopped (${how}); starting another`);
    fork();
  });
  const stop = (exitCode = 0) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    cluster.disconnect(() => process.exit(exitCode));
  };
  process.once('SIGTERM', () => stop());
  process.once('SIGINT', () => stop());
  return -1;
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        http: {type: 'boolean'},
        port: {type: 'string'},
        host: {type: 'string'},
        workers: {type: 'string'},
        help: {type: 'boolean'},
      },
    });
  } catch (error) {
    log(`${(error as Error).message}. ${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const folder = path.resolve(args.positionals[0] ?? 'build');
  const workers = Number(args.values.workers ?? 1);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
    log(`"${args.values.workers}" is not a number of workers (1 to 64). ${USAGE}`);
    return 2;
  }
  if (workers > 1 && !args.values.http) {
    log(`--workers serves over HTTP only: add --http. ${USAGE}`);
    return 2;
  }
  if (workers > 1 && cluster.isPrimary) return runWorkers(workers);
  let loaded;
  const begun = performance.now();
  try {
    loaded = load(folder);
  } catch (error) {
    if (error instanceof PortalError) {
      log(error.message);
      return 1;
    }
    throw error;
  }
  void loaded.searchReady.then(() => log(`search ready in ${Math.round(performance.now() - begun)} ms`));
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
    if (code < 0) return;
    process.exitCode = code;
    // A worker's channel to the primary would keep it running.
    if (cluster.isWorker) process.exit(code);
  },
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
