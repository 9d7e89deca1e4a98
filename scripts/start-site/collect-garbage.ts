/**
 * Asks V8 for a full collection, when the process was started with `--expose-gc` (`npm start`
 * is); otherwise does nothing.
 *
 * An update of a large description parses it whole, on the main thread to compare it and in the
 * linter's thread to lint it (hundreds of megabytes of heap for GitHub's description), and left
 * to itself V8 keeps that garbage for tens of seconds: while the development server reloads and
 * compiles, which is when its own memory is highest. Collected at once, it is not counted twice.
 *
 * `npm start` also gives this process (and so its linter's thread) 4 MB semi-spaces
 * (`--max-semi-space-size=4`, package.json): with V8's default young generation, sized for
 * throughput, the process tree went past its 2 GB at the peak of a writer's session with GitHub's
 * description in the sample's place (`npm run bench:writer -- --sizes large` names the processes
 * at the peak), and the edits took as long with the smaller one. Not the development server's
 * own process (Docusaurus): with 4 MB semi-spaces there, a guide edit took up to twice as long.
 */
export function collectGarbage(): void {
  (globalThis as {gc?: () => void}).gc?.();
}
