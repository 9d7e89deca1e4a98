/** The Chromium the browser tests drive, with the same flags (tests/support/browser.ts). */
import path from 'node:path';

import createJiti from 'jiti';

export const root = path.resolve(import.meta.dirname, '..', '..');

const {CHROMIUM_ARGS, chromiumPath} = createJiti(root + '/')('./tests/support/browser.ts');

export {CHROMIUM_ARGS, chromiumPath};
