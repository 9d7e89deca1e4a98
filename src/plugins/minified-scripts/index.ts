/**
 * A bundler option of the browser's production build: each script minified is kept, under the
 * hash of what the minifier was given, in builds that keep their cache, and a later build puts the
 * kept result in place instead of minifying the same code again.
 *
 * Why: Rspack's persistent cache (`future.faster.rspackPersistentCache`) keeps the built modules,
 * but its minimizer (`SwcJsMinimizerRspackPlugin`, which Docusaurus sets) minifies every script of
 * every build: a rebuild after a guide edit minified thousands of scripts of which one had changed.
 * Rspack 2 keeps the minimizer's results in its cache; Rspack 1.7, which Docusaurus 3 uses, does
 * not, and has no option for it. The minimizer leaves alone a script marked `minimized`, which is
 * how a kept result takes its place (the mark is Rspack's, not this plugin's).
 *
 * A script is filed under the hash of its bytes before minifying, of this file and of the lock file
 * of the installed packages (the minimizer's version and options): a change of any minifies it
 * again. The runtime's chunk, whose text names every other chunk's file, is minified every time.
 * The cache follows the bundler's (`cacheKept`): `npm run build`'s default, for deployments and
 * CI, neither reads nor writes it.
 * Upgrade: UPGRADING.md#srcpluginsminified-scripts.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import type {Plugin} from '@docusaurus/types';
import type {Compiler} from '@rspack/core';

import {cacheFolder, cacheKept, codeHash, keepInCache} from '../../config/build-cache';

const NAME = 'minified-scripts';

/** Where the scripts are kept. */
export const MINIFIED_SCRIPTS_DIR = cacheFolder('gerai-minified-scripts');

/** What a build did with its scripts: those put in place from the cache, and those minified. */
export interface MinifiedScripts {
  kept: number;
  minified: number;
}

/**
 * The bundler plugin: `dir` is where the scripts are kept; `report` hears of each compilation.
 * Exported for the tests.
 */
export function minifiedScriptsCache(
  dir: string,
  report: (scripts: MinifiedScripts) => void = () => {},
): {apply(compiler: Compiler): void} {
  const codeKey = codeHash([__filename]);
  return {
    apply(compiler) {
      const {Compilation, sources} = compiler.rspack;
      compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
        // The scripts not kept: their file, and the file their minified text will be kept in.
        const toKeep = new Map<string, string>();
        let kept = 0;
        compilation.hooks.processAssets.tap(
          {name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE - 1},
          () => {
            for (const chunk of compilation.chunks) {
              if (chunk.hasRuntime()) continue;
              for (const file of chunk.files) {
                const asset = compilation.getAsset(file);
                if (!file.endsWith('.js') || !asset || asset.info.minimized) continue;
                // One script's bytes at a time: the largest site's scripts never are in memory at once.
                const key = createHash('sha256').update(codeKey).update(asset.source.buffer()).digest('hex');
                const keptFile = path.join(dir, key.slice(0, 2), `${key}.js`);
                if (existsSync(keptFile)) {
                  compilation.updateAsset(
                    file,
                    new sources.RawSource(readFileSync(keptFile, 'utf8')),
                    (info) => ({
                      ...info,
                      minimized: true,
                    }),
                  );
                  kept += 1;
                } else {
                  toKeep.set(file, keptFile);
                }
              }
            }
          },
        );
        compilation.hooks.processAssets.tap(
          {name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1},
          () => {
            let minified = 0;
            for (const [file, keptFile] of toKeep) {
              const asset = compilation.getAsset(file);
              // Not minified (a minimizer's error, reported by the build): nothing to keep.
              if (!asset?.info.minimized) continue;
              minified += 1;
              keepInCache(keptFile, asset.source.buffer());
            }
            report({kept, minified});
          },
        );
      });
    },
  };
}

export default function minifiedScriptsPlugin(): Plugin {
  return {
    name: NAME,
    configureWebpack(config, isServer, {currentBundler}) {
      if (isServer || config.mode !== 'production' || currentBundler.name !== 'rspack' || !cacheKept()) {
        return {};
      }
      const cache = minifiedScriptsCache(MINIFIED_SCRIPTS_DIR);
      // Docusaurus types a bundler plugin as webpack's; this one is Rspack's, the bundler checked above.
      return {plugins: [{apply: (compiler: unknown) => cache.apply(compiler as Compiler)}]};
    },
  };
}
