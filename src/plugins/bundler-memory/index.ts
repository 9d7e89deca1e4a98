/**
 * The bundling's memory, in two ways, both for the bundling processes of `npm run build`
 * (scripts/build-site/ sets the variables):
 *
 * - One compilation per process (GERAI_BUNDLE_ONLY=server or client): the other compilation gets
 *   no entry, so the process builds nothing of it, and `bundles()` tells the portal's plugins
 *   which side to leave alone. Docusaurus compiles the server and the browser's code side by side
 *   in one process, each holding a module per page until it is sealed: their peaks add up, and
 *   with a hundred times the content they did not fit in 24 GB. Apart, the peak is the larger of
 *   the two, at the cost of compiling each page's MDX twice (Docusaurus shares one compilation of
 *   it between the two sides) and of loading the site once more.
 * - A full garbage collection of Docusaurus's JavaScript heap once a compilation has built its
 *   last module, before the bundler seals it (chunks, code generation, minification, emitting)
 *   (GERAI_COLLECT_BEFORE_SEAL=true). While the pages' MDX compiles, in the loaders on the main
 *   thread, V8 lets the heap grow large, most of it garbage it has no reason to collect yet.
 *   Sealing then needs about as much again in the bundler's own memory, and the two added up made
 *   the peak; collecting first lowers it for a fraction of a second a compilation. The collector
 *   is taken from V8 (`--expose-gc` set at run time, `gc` read from a new context) rather than by
 *   starting Node.js with `--expose-gc`, which would also make Docusaurus's
 *   DOCUSAURUS_PERF_LOGGER collect at every line it logs and slow the build it measures.
 *
 * Each stage's peak and time are in bench/scale/results.json (`npm run bench:scale`).
 * Why not an option: Docusaurus has no setting to bundle one side, nor Rspack one for the heap,
 * and a limit on the heap's size (`--max-old-space-size`) would stop a larger site's build instead
 * of making it collect.
 * Upgrade: UPGRADING.md#srcpluginsbundler-memory.
 */
import path from 'node:path';
import {runInNewContext} from 'node:vm';
import {setFlagsFromString} from 'node:v8';

import type {Plugin} from '@docusaurus/types';

interface Compilation {
  hooks: {finishModules: {tap(name: string, callback: () => void): void}};
}

interface Compiler {
  hooks: {compilation: {tap(name: string, callback: (compilation: Compilation) => void): void}};
}

const NAME = 'bundler-memory';

/** The variable that turns the collection on. */
export const COLLECT_BEFORE_SEAL = 'GERAI_COLLECT_BEFORE_SEAL';

/** The entry of the side a process does not bundle. */
const NOTHING = path.join(__dirname, 'nothing.js');

/** The variable that names the one side a process bundles: `server` or `client`. */
export const BUNDLE_ONLY = 'GERAI_BUNDLE_ONLY';

/** Whether this process bundles the server's side (`isServer`) or the browser's. */
export function bundles(isServer: boolean): boolean {
  const only = process.env[BUNDLE_ONLY];
  return !only || only === (isServer ? 'server' : 'client');
}

let collect: (() => void) | undefined;

/**
 * V8's full garbage collection, as `--expose-gc` gives it, without exposing it to other code (the
 * development server's plugin, src/plugins/dev-server, uses it too).
 */
export function collector(): () => void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  return collect;
}

export default function bundlerMemoryPlugin(): Plugin {
  return {
    name: NAME,
    configureWebpack(_config, isServer) {
      // The side this process does not bundle: an entry that imports nothing, so almost nothing of
      // it is built or written (Rspack waits forever on a compilation without any entry), and no
      // persistent cache, which would replace that side's cache written by the other process.
      if (!bundles(isServer)) {
        return {mergeStrategy: {entry: 'replace'}, entry: NOTHING, cache: false, experiments: {cache: false}};
      }
      if (process.env[COLLECT_BEFORE_SEAL] !== 'true') return {};
      const gc = collector();
      return {
        plugins: [
          {
            apply(compiler: Compiler) {
              compiler.hooks.compilation.tap(NAME, (compilation) => {
                compilation.hooks.finishModules.tap(NAME, () => {
                  const started = performance.now();
                  gc();
                  if (process.env.DOCUSAURUS_PERF_LOGGER === 'true') {
                    console.log(
                      `[${NAME}] ${isServer ? 'server' : 'client'} modules built: heap collected in ` +
                        `${Math.round(performance.now() - started)} ms`,
                    );
                  }
                });
              });
            },
          },
        ],
      };
    },
  };
}
