/**
 * The development server's bundler options: pages compiled when first visited, and the API
 * description's problems shown in the browser. `npm start` (scripts/start-site/) adds this plugin
 * to the site (GERAI_DEV_SERVER=true); `npm run build` never loads it, so the production build is
 * exactly what it is without it.
 *
 * 1. Lazy compilation. Rspack's `lazyCompilation` (imports only) compiles a dynamically imported
 *    module when the browser first asks for it, so `npm start` compiles the application and the
 *    pages a writer opens, not every page of the site: the first compilation no longer grows with
 *    the content (bench/writer/results.json has the starts at 1x and ten times). The docs' nested
 *    route components (ROUTE_LAYOUTS) are left out: a few modules shared by every page, which
 *    lazily cost a round trip each on a page's first visit. So is the request panel of a reference
 *    page (REQUEST_PANEL): compiled lazily, its first opening in a session swapped modules under
 *    the page while it loaded, and the panel was back to its closed state once it had loaded.
 *    - Docusaurus runs webpack-dev-server, not Rspack's own server, so Rspack's middleware that
 *      answers the browser's requests for a module (`rspack.lazyCompilationMiddleware`) is created
 *      when the compiler applies this plugin and put first in the server's middlewares. Docusaurus
 *      merges a plugin's `devServer` into its own with webpack-merge, which calls both
 *      `setupMiddlewares` functions and joins what they return: this one adds to the list it is
 *      given and returns nothing more, so Docusaurus's own middlewares are kept, once.
 *    - Docusaurus's route registry (`.docusaurus/registry.js`) gives every page module both as
 *      `import()` and as `require.resolveWeak()`, for react-loadable to render a page already
 *      loaded without waiting. A weak dependency is still built, so every page's MDX was compiled
 *      at start with lazy compilation on. `./registry-loader.cjs` replaces each
 *      `require.resolveWeak("<module>")` of the registry with the module's name, which matches no
 *      loaded module: in the development server (which renders in the browser only) a page's
 *      modules always load through their `import()`, which lazy compilation serves.
 *    - The same loader puts the registry's imports into 64 named chunks (a hash of the module's
 *      name picks one) instead of a chunk each. Every compilation of Rspack 1.7's hot module
 *      replacement looks up each chunk of the last one by a linear search among the new ones
 *      (Rspack issue 14767, fixed in 2.x), so a rebuild cost the square of the chunks: with a
 *      hundred times the content, most of every rebuild (`npm run bench:writer -- --sizes 100x`
 *      measures the edits). A page visited is still compiled, and sent, alone:
 *      its chunk holds the small stand-ins that lazy compilation builds for the pages.
 *    Why not an option: Docusaurus has no setting for either (its `faster` options turn on the
 *    persistent cache, not lazy compilation), and the registry is written by Docusaurus's code
 *    generation (`@docusaurus/core`, `lib/server/codegen/codegenRoutes.js`).
 *    Measured and left off: the bundler's native file watcher (`experiments.nativeWatcher`), which
 *    saved Watchpack's scans of the watched files on the main thread but, with lazy compilation,
 *    missed saves of a page (Rspack issue 12904, open); the incremental chunk graph
 *    (`experiments.incremental.buildChunkGraph`), which made no edit faster.
 * 2. The start. scripts/start-site/ starts Docusaurus while it generates the API reference;
 *    this plugin, which Docusaurus sets up before it reads any page, waits until the process
 *    that started it says the pages are in place (a message on the channel between them), so
 *    that Docusaurus's start (loading its modules, the configuration, the other plugins) and the
 *    generation run side by side. It tells that process of each compilation done, after which
 *    the watcher waits for a quiet moment to write the downloads.
 * 3. The API description's problems. While the description is broken, the watcher of
 *    scripts/start-site/ writes its linter's messages into PROBLEM_FILE (and empties it once
 *    the description is valid again). The file is a dependency of every compilation, so a change
 *    recompiles (nothing else changes, in a moment), and its text becomes a warning of the
 *    compilation: the terminal prints it, and the browser shows it in the development server's
 *    overlay (`client.overlay.warnings`, a filter that lets through this warning only). A warning,
 *    not an error: the page keeps updating as the writer edits other files. The overlay's
 *    runtime errors leave out a module's build failure thrown again in the page, which the
 *    overlay shows as a build error already and which would outlast the writer's fix.
 * 4. A full garbage collection of the server's heap once it has compiled nothing for IDLE_GC_MS.
 *    Each edit's reload and compilation leave garbage that V8 keeps until its heap grows further:
 *    with GitHub's description in the sample's place the server's process grew from edit to edit
 *    of a session, and at a later edit, when scripts/start-site/ reads the description twice at
 *    once (the generator and the linter), the process tree passed its 2 GB. Collected while the
 *    writer reads the page, it is not there at the next edit. (Why no option: Node.js has none for
 *    a collection when idle; V8's own only runs on a heap that stopped growing.)
 * 5. The static folders are not copied into every compilation. Docusaurus's client configuration,
 *    shared by the build and the start, copies them as assets (`CopyRspackPlugin`), for the build's
 *    output; the development server serves them from disk anyway (its `static` option). Copied,
 *    every compilation, a one-line edit too, wrote the downloads again into the server's in-memory
 *    output (the reference's descriptions and Postman collection, which grow with the API), held
 *    them twice (the compilation's assets and the memory file system), and made the folder a
 *    dependency, so the downloads written after the start compiled everything again.
 *    Why not an option: Docusaurus adds the plugin whenever a static folder has files
 *    (`lib/webpack/plugins/StaticDirectoriesCopyPlugin.js`); this plugin takes it out of the
 *    start's client configuration, found as an instance of the bundler's `CopyRspackPlugin`.
 *
 * Upgrade: UPGRADING.md#srcpluginsdev-server.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';

import {collector} from '../bundler-memory';

/** The variable with which scripts/start-site/ asks docusaurus.config.ts for this plugin. */
export const DEV_SERVER_VARIABLE = 'GERAI_DEV_SERVER';

/**
 * The variable that names, for Docusaurus's patched start command, the module that says when a
 * saved doc changes nothing its plugin's reload would make (./needless-reload.cjs says how);
 * scripts/start-site/ sets it to RELOAD_FILTER.
 */
export const RELOAD_FILTER_VARIABLE = 'GERAI_RELOAD_FILTER';
export const RELOAD_FILTER = path.join(__dirname, 'needless-reload.cjs');

/** The file of the description's problems, relative to the site: empty while it has none. */
export const PROBLEM_FILE = path.join('.docusaurus', 'api-description-problems.txt');

/** How every message of PROBLEM_FILE starts: the overlay shows the warnings that start so. */
export const PROBLEM_HEADING = 'The API description has problems';

/** The messages with which the plugin asks scripts/start-site/ for the API reference, and is told it is ready. */
export const REFERENCE_WANTED = 'api-reference-wanted';
export const REFERENCE_READY = 'api-reference-ready';
/** The message with which the plugin tells scripts/start-site/ that a compilation is done. */
export const COMPILED = 'compiled';

const NAME = 'dev-server';

/**
 * The theme's route components of the docs, compiled at start rather than when first asked for: a
 * few small modules, shared by every page, which nest (docs, version, doc, item), so that lazily
 * each level waited for the one above it to load before it was asked for.
 */
const ROUTE_LAYOUTS = /[\\/]theme[\\/](DocsRoot|DocVersionRoot|DocRoot|DocItem)[\\/]index\.js$/;

/** The request panel's code, which a reference page imports when the reader opens the panel. */
const REQUEST_PANEL = /[\\/]src[\\/]components[\\/]ApiExplorerPanel[\\/]Explorer\.tsx$/;

/**
 * How long the server must have compiled nothing before its heap is collected: past the moment a
 * saved page shows (a compilation is followed by the browser's requests for the modules it
 * changed), and before a writer saves again.
 */
const IDLE_GC_MS = 1500;

type Middleware = (request: unknown, response: unknown, next: () => void) => void;

/** The little of Rspack's compiler this plugin uses. */
interface Compiler {
  rspack: {
    lazyCompilationMiddleware(compiler: Compiler): Middleware;
    WebpackError: new (message: string) => Error;
  };
  hooks: {
    afterCompile: {
      tap(name: string, callback: (compilation: Compilation) => void): void;
    };
    done: {tap(name: string, callback: () => void): void};
  };
}

interface Compilation {
  fileDependencies: {add(file: string): void};
  warnings: Error[];
}

/** The description's problems as the watcher last wrote them; '' when it has none. */
function problems(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * Resolves once scripts/start-site/, which started this server, says the API reference is in
 * place (at once when it already is, or when nothing started the server that way).
 */
function referenceReady(): Promise<void> {
  const send = process.send?.bind(process);
  if (!send) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      process.off('message', answered);
      process.off('disconnect', stopped);
    };
    const answered = (message: unknown) => {
      if ((message as {type?: string} | null)?.type !== REFERENCE_READY) return;
      done();
      resolve();
    };
    const stopped = () => {
      done();
      reject(new Error('npm start stopped before the API reference was generated.'));
    };
    process.on('message', answered);
    process.on('disconnect', stopped);
    send({type: REFERENCE_WANTED});
  });
}

export default async function devServerPlugin(context: LoadContext): Promise<Plugin> {
  // Docusaurus starts while the reference is generated (its modules, configuration and other
  // plugins load meanwhile) and reads the pages only once they are in place.
  await referenceReady();
  const problemFile = path.join(context.siteDir, PROBLEM_FILE);
  return {
    name: NAME,
    configureWebpack(config, isServer, {currentBundler}) {
      if (isServer || config.mode !== 'development' || currentBundler.name !== 'rspack') return {};
      // Item 5 of this module's comment. Docusaurus's configuration is mutated: merging cannot
      // take a plugin out.
      const {CopyRspackPlugin} = currentBundler.instance as unknown as {CopyRspackPlugin: new () => unknown};
      config.plugins = (config.plugins ?? []).filter((plugin) => !(plugin instanceof CopyRspackPlugin));
      let lazyCompilation: Middleware | undefined;
      return {
        lazyCompilation: {
          entries: false,
          imports: true,
          test: (module: {nameForCondition(): string | null}) => {
            const name = module.nameForCondition() ?? '';
            return !ROUTE_LAYOUTS.test(name) && !REQUEST_PANEL.test(name);
          },
        },
        module: {
          rules: [
            {
              test: /[\\/]registry\.js$/,
              include: [context.generatedFilesDir],
              use: [{loader: path.join(__dirname, 'registry-loader.cjs')}],
            },
          ],
        },
        plugins: [
          {
            apply(compiler: Compiler) {
              lazyCompilation = compiler.rspack.lazyCompilationMiddleware(compiler);
              const collect = collector();
              let idle: NodeJS.Timeout | undefined;
              // The watcher of scripts/start-site/ writes the downloads once compilations stop.
              compiler.hooks.done.tap(NAME, () => {
                if (process.connected) process.send?.({type: COMPILED});
                clearTimeout(idle);
                idle = setTimeout(collect, IDLE_GC_MS);
                idle.unref();
              });
              compiler.hooks.afterCompile.tap(NAME, (compilation) => {
                compilation.fileDependencies.add(problemFile);
                const text = problems(problemFile);
                if (text !== '') compilation.warnings.push(new compiler.rspack.WebpackError(text));
              });
            },
          },
        ],
        devServer: {
          setupMiddlewares(middlewares: unknown[]) {
            middlewares.unshift({name: 'lazy-compilation', middleware: lazyCompilation});
            return [];
          },
          client: {
            overlay: {
              // Serialized into the browser's code: they may use nothing from this module.
              warnings: (warning: {message?: string}) =>
                (warning.message ?? '').includes('The API description has problems'),
              // A module whose build failed throws that failure when the page runs it: the overlay
              // shows the build error already, and the thrown copy, an error of the page's, would
              // stay on screen after the writer has mended the file and the page has recovered.
              runtimeErrors: (error: {message?: string}) =>
                !(error.message ?? '').includes('Module build failed'),
            },
          },
        },
      } as never;
    },
  };
}
