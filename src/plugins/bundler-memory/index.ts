/**
 * A bundler plugin that runs a full garbage collection of Docusaurus's JavaScript heap once a
 * compilation has built its last module, before the bundler seals it (chunks, code generation,
 * minification, emitting). scripts/build-site/ turns it on for the bundling process of
 * `npm run build` (GERAI_COLLECT_BEFORE_SEAL=true).
 *
 * What: while the pages' MDX compiles, in the loaders on the main thread, V8 lets the heap grow
 * large, most of it garbage it has no reason to collect yet. Sealing then needs about as much
 * again in the bundler's own memory, and the two added up made the peak of the build; collecting
 * first lowers it for a fraction of a second a compilation (the bundling's peak and time are in
 * bench/scale/results.json, `npm run bench:scale`). The collector is taken from V8
 * (`--expose-gc` set at run time, `gc` read from a new context) rather than by starting Node.js
 * with `--expose-gc`, which would also make Docusaurus's DOCUSAURUS_PERF_LOGGER collect at every
 * line it logs and slow the build it measures.
 * Why not an option: neither Docusaurus nor Rspack has a setting for the heap, and a limit on its
 * size (`--max-old-space-size`) would stop a larger site's build instead of making it collect.
 * Upgrade: UPGRADING.md#srcpluginsbundler-memory.
 */
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

let collect: (() => void) | undefined;

/** V8's full garbage collection, as `--expose-gc` gives it, without exposing it to other code. */
function collector(): () => void {
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
