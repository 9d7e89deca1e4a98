// @ts-check
/**
 * What a writer waits for, for `npm run bench`: a cold and a warm production
 * build, `npm start` until its first page, and an MDX change until it shows in
 * the browser. (`npm run bench:writer` measures the writer's loop in full.)
 */
import {spawn} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {hydrated, launchBrowser} from '../shared/browser.mjs';
import {root} from '../shared/root.mjs';
import {largestProcessKB, LARGEST_PROCESS} from '../shared/memory.mjs';
import {firstAnswer} from '../shared/server.mjs';

/**
 * Runs `command` (from the repository's root) to its end; resolves with what
 * it wrote to stderr, and rejects with the end of it when it fails.
 *
 * @param {string[]} command
 * @returns {Promise<string>}
 */
export function run(command) {
  return new Promise((resolve, reject) => {
    const [program = '', ...args] = command;
    const child = spawn(program, args, {cwd: root, stdio: ['ignore', 'ignore', 'pipe']});
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) =>
      reject(new Error(`bench: cannot run ${command.join(' ')} (${error.message})`)),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve(stderr)
        : reject(new Error(`bench: ${command.join(' ')} failed (exit ${code}):\n${stderr.slice(-2000)}`)),
    );
  });
}

/**
 * Runs `command` to its end under GNU time: the wall time, and the peak
 * resident memory of its largest process (GNU time's %M, which covers every
 * process the command starts).
 *
 * @param {string[]} command
 */
async function timed(command) {
  const start = performance.now();
  const stderr = await run([...LARGEST_PROCESS, ...command]);
  const elapsed = performance.now() - start;
  return {ms: Math.round(elapsed), peakMB: Math.round(largestProcessKB(stderr) / 1024)};
}

/** `npm run build` from a clear cache (`docusaurus clear`), then again with the cache it left. */
export async function measureBuilds() {
  await timed(['npx', '--no-install', 'docusaurus', 'clear']);
  const cold = await timed(['npm', 'run', '--silent', 'build']);
  const warm = await timed(['npm', 'run', '--silent', 'build']);
  return {cold, warm};
}

/** The page the writer loop edits, and the route it is served at. */
const EDITED = {file: 'docs/docs/getting-started.mdx', route: '/docs/docs/getting-started'};

/**
 * `npm start` (API generation included) until it serves its first page; then,
 * with that page open, the time from saving a change to its MDX file to the
 * change on screen. The file is put back as it was, whatever happens.
 *
 * @param {string} port
 */
export async function measureWriterLoop(port) {
  const origin = `http://127.0.0.1:${port}`;
  const start = performance.now();
  const server = spawn('npm', ['start', '--', '--port', port, '--host', '127.0.0.1', '--no-open'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const file = path.join(root, EDITED.file);
  const original = readFileSync(file, 'utf8');
  const browser = await launchBrowser();
  try {
    await firstAnswer(origin + EDITED.route, 180_000);
    const firstPageMs = Math.round(performance.now() - start);
    const page = await browser.newPage();
    await page.goto(origin + EDITED.route);
    await hydrated(page);
    const marker = `Edited at ${Date.now()} for the writer loop measure.`;
    const saved = performance.now();
    writeFileSync(file, `${original.trimEnd()}\n\n${marker}\n`);
    await page.getByText(marker).waitFor({timeout: 60_000});
    const changeShownMs = Math.round(performance.now() - saved);
    return {firstPageMs, changeShownMs};
  } finally {
    writeFileSync(file, original);
    await browser.close();
    // npm start runs Docusaurus in a child process: stop the whole group.
    process.kill(-(server.pid ?? 0), 'SIGTERM');
  }
}
