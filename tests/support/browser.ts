import {existsSync} from 'node:fs';

/** Where Debian, Ubuntu and most Linux distributions put Chromium. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The system Chromium the tests drive. Playwright's own browser download is
 * not used: set CHROMIUM_PATH to point at another build.
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
