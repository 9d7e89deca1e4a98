// @ts-check
/**
 * `npm start` in a folder of the portal (the repository or a copy of it), for the tests and the
 * benchmark of the writer's loop: started in a process group of its own, so that stopping it stops
 * everything it started, with what it prints kept for a failure's message.
 */
import {spawn} from 'node:child_process';
import {stripVTControlCharacters} from 'node:util';

/**
 * Starts `npm start` in `folder` on `port` (127.0.0.1, no browser opened).
 *
 * @param {string} folder
 * @param {{port: number, env?: NodeJS.ProcessEnv}} options
 */
export function startDevServer(folder, {port, env = {}}) {
  const child = spawn('npm', ['start', '--', '--port', String(port), '--host', '127.0.0.1', '--no-open'], {
    cwd: folder,
    env: {...process.env, ...env, FORCE_COLOR: '0'},
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const started = performance.now();
  let output = '';
  /** Each line printed, with the milliseconds since the start when it was. */
  const lines = [];
  let partial = '';
  const collect = (chunk) => {
    const text = chunk.toString();
    output += text;
    const parts = (partial + text).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push({ms: Math.round(performance.now() - started), line: stripVTControlCharacters(line)});
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));

  return {
    origin: `http://127.0.0.1:${port}`,
    pid: /** @type {number} */ (child.pid),
    exited,
    /** When the first line matching `pattern` was printed (ms since the start), or null. */
    printedAt: (/** @type {RegExp} */ pattern) => lines.find(({line}) => pattern.test(line))?.ms ?? null,
    /** When the last line matching `pattern` was printed (ms since the start), or null. */
    lastPrintedAt: (/** @type {RegExp} */ pattern) =>
      lines.findLast(({line}) => pattern.test(line))?.ms ?? null,
    /** Milliseconds since the start. */
    elapsed: () => Math.round(performance.now() - started),
    /** What the server printed, each line after the seconds since the start when it came. */
    timedOutput: () => lines.map(({ms, line}) => `${(ms / 1000).toFixed(1)} ${line}`).join('\n'),
    /** Everything the server has printed so far. */
    output: () => output,
    /** What it printed after `offset` characters (`output().length` taken before an action). */
    outputSince: (/** @type {number} */ offset) => output.slice(offset),
    /** Stops the server and everything it started; resolves once it has exited. */
    async stop() {
      const signal = (/** @type {NodeJS.Signals} */ name) => {
        try {
          process.kill(-(child.pid ?? 0), name);
        } catch {
          // Already gone.
        }
      };
      signal('SIGTERM');
      const killed = setTimeout(() => signal('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
      // The group may outlive its leader for a moment (a generator still writing, say).
      signal('SIGKILL');
    },
  };
}
