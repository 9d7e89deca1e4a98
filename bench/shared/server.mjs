// @ts-check
/**
 * A build served by nginx as in production (tests/support/nginx-server.ts: gzip, brotli where
 * nginx has the module, caching, the build's host configuration), for every benchmark that
 * measures what a reader gets; and the wait for a server to answer.
 */
import {spawn} from 'node:child_process';
import path from 'node:path';

import {root} from './root.mjs';

/**
 * Resolves once `url` answers with a success; rejects after `timeoutMs`.
 *
 * @param {string} url
 * @param {number} timeoutMs
 */
export async function firstAnswer(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`bench: ${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Serves `build` with nginx on `port` until `stop` is called. Refuses a port on which something
 * already answers: the figures would be another server's.
 *
 * @param {string} build
 * @param {string | number} port
 * @returns {Promise<{origin: string, stop: () => void}>}
 */
export async function serve(build, port) {
  const origin = `http://127.0.0.1:${port}`;
  const taken = await fetch(`${origin}/`).then(
    () => true,
    () => false,
  );
  if (taken)
    throw new Error(`bench: something already answers on ${origin}: stop it, or choose another --port`);
  const server = spawn(
    path.join(root, 'node_modules', '.bin', 'jiti'),
    ['tests/support/nginx-server.ts', '--root', build, '--port', String(port)],
    {cwd: root, stdio: ['ignore', 'ignore', 'inherit']},
  );
  let exited = false;
  server.on('exit', () => (exited = true));
  for (let attempt = 0; attempt < 100 && !exited; attempt += 1) {
    try {
      await fetch(`${origin}/`);
      if (!exited) return {origin, stop: () => server.kill('SIGTERM')};
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  server.kill();
  throw new Error(
    exited
      ? `bench: nginx stopped at once on port ${port} (see its message above)`
      : `bench: nginx did not answer on ${origin} (is the build in ${build}? run npm run build)`,
  );
}
