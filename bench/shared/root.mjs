// @ts-check
/** The repository's root, which every benchmark works from. */
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
