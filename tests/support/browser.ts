import {existsSync} from 'node:fs';

/** Where Debian, Ubuntu and most Linux distributions put Chromium. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Where Debian puts Chromium's headless shell (package `chromium-headless-shell`): the same engine
 * without the browser's windowing layer, the binary Playwright itself drives headless by default.
 */
const HEADLESS_SHELL_CANDIDATES = ['/usr/bin/chromium-headless-shell'];

/**
 * The system Chromium the benchmarks, the diagrams and the social card drive: the browser a
 * reader runs, so that what is measured or drawn is what a reader gets. Playwright's own browser
 * download is not used: set CHROMIUM_PATH to point at another build.
 */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    return fromEnv;
  }
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      'No Chromium found. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH; ' +
        '`bash tests/setup.sh` does this for you when run as root.',
    );
  }
  return found;
}

/**
 * The Chromium the tests drive: CHROMIUM_PATH when it is set, else the headless shell when it is
 * installed, else the browser. The shell renders, runs scripts and answers the DevTools protocol
 * as the browser does, with less to start and draw, so the browser tests take less time with it
 * (`npm run bench:suite` times each stage of the tests).
 */
export function testBrowserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return HEADLESS_SHELL_CANDIDATES.find((candidate) => existsSync(candidate)) ?? chromiumPath();
}

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
