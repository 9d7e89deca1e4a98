/**
 * A bundler plugin that runs a full garbage collection of Docusaurus's JavaScript heap once a
 * compilation has built its last module, before the bundler seals it (chunks, code generation,
 * minification, emitting), when the build is run with `node --expose-gc` (`npm run build` does,
 * scripts/build-site.ts).
 *
 * What: while the pages' MDX compiles, in the loaders on the main thread, V8 lets the heap grow
 * to over a gigabyte, most of it garbage it has no reason to collect yet. Sealing then needs
 * about as much again in the bundler's own memory, and the two added up made the peak of the
 * build: on a copy with ten times the content, 3.7 GB without this collection, 3.3 GB with it
 * (`npm run bench:scale`). It costs about 0.2 s a compilation.
 * Why not an option: neither Docusaurus nor Rspack has a setting for the heap, and a limit on its
 * size (`--max-old-space-size`) would stop a larger site's build instead of making it collect.
 * Upgrade: check that Rspack still calls `compilation.hooks.finishModules` once all modules are
 * built (the collection is logged with DOCUSAURUS_PERF_LOGGER=true), and measure the peak again
 * with `npm run bench:scale`: a bundler that no longer holds the heap's garbage this long makes
 * it useless.
 */
import type {Plugin} from '@docusaurus/types';

interface Compilation {
  hooks: {finishModules: {tap(name: string, callback: () => void): void}};
}

interface Compiler {
  hooks: {compilation: {tap(name: string, callback: (compilation: Compilation) => void): void}};
}

const NAME = 'bundler-memory';

/** `gc()`, when Node.js runs with `--expose-gc`. */
function collector(): (() => void) | undefined {
  const gc = (globalThis as {gc?: unknown}).gc;
  return typeof gc === 'function' ? (gc as () => void) : undefined;
}

export default function bundlerMemoryPlugin(): Plugin {
  return {
    name: NAME,
    configureWebpack(_config, isServer) {
      const gc = collector();
      if (!gc) return {};
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
