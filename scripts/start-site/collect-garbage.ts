/**
 * Asks V8 for a full collection, when the process was started with `--expose-gc` (`npm start`
 * is); otherwise does nothing.
 *
 * An update of a large description parses it whole, on the main thread to compare it and in the
 * linter's thread to lint it (hundreds of megabytes of heap for GitHub's description), and left
 * to itself V8 keeps that garbage for tens of seconds: while the development server reloads and
 * compiles, which is when its own memory is highest. Collected at once, it is not counted twice.
 */
export function collectGarbage(): void {
  (globalThis as {gc?: () => void}).gc?.();
}
