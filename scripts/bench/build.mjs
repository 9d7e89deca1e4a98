/**
 * What a writer waits for: a cold and a warm production build, `npm start`
 * until its first page, and an MDX change until it shows in the browser.
 */
/* global document -- functions passed to page.evaluate run in the page */
import {spawn} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {chromium} from '@playwright/test';

import {CHROMIUM_ARGS, chromiumPath, root} from './browser.mjs';

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
  const stderr = await run(['/usr/bin/time', '-f', 'peak-kb %M', ...command]);
  const elapsed = performance.now() - start;
  const peak = Number(stderr.match(/peak-kb (\d+)/)?.[1] ?? NaN);
  return {ms: Math.round(elapsed), peakMB: Math.round(peak / 1024)};
}

/** `npm run build` from a clear cache (`docusaurus clear`), then again with the cache it left. */
export async function measureBuilds() {
  await timed(['npx', '--no-install', 'docusaurus', 'clear']);
  const cold = await timed(['npm', 'run', '--silent', 'build']);
  const warm = await timed(['npm', 'run', '--silent', 'build']);
  return {cold, warm};
}

/** @param {string} url @param {number} timeoutMs */
async function firstAnswer(url, timeoutMs) {
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
  const browser = await chromium.launch({executablePath: chromiumPath(), args: CHROMIUM_ARGS});
  try {
    await firstAnswer(origin + EDITED.route, 180_000);
    const firstPageMs = Math.round(performance.now() - start);
    const page = await browser.newPage();
    await page.goto(origin + EDITED.route);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
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
