/**
 * `npm start`: the development server, with the API reference kept as the descriptions are.
 *
 * 1. Checks the environment variables of the build, as `npm run gen-api` does.
 * 2. Generates the API reference unless its last run can be reused (./reference.ts):
 *    the pages first, the downloads after, in the background.
 * 3. Starts `docusaurus start` with the arguments given to `npm start` (`npm start -- --port 3001`)
 *    and the development server's plugin (src/plugins/dev-server: pages compiled when first
 *    visited, the description's problems shown in the browser), naming for Docusaurus's patched
 *    reloads the module that tells a save needing no reload of the docs (RELOAD_FILTER).
 * 4. Watches `openapi/`: each saved change regenerates what it touches, and the open page shows it.
 *
 * Stops with Docusaurus (Ctrl+C stops both), with its exit code.
 */
import {spawn} from 'node:child_process';
import path from 'node:path';

import {watch} from 'chokidar';

import {environmentIsValid} from '../../src/config/build-environment';
import {
  COMPILED,
  DEV_SERVER_VARIABLE,
  REFERENCE_READY,
  REFERENCE_WANTED,
  RELOAD_FILTER,
  RELOAD_FILTER_VARIABLE,
} from '../../src/plugins/dev-server';
import {keepGeneratorFilesApart} from './generator-files';
import type {ReferenceKeeper as Keeper} from './reference';

const root = path.resolve(__dirname, '..', '..');

/** How long after the last change of a burst (an editor's save is several events) an update starts. */
const SETTLE_MS = 50;

const say = (line: string) => console.log(`[openapi] ${line}`);

async function main(): Promise<number> {
  if (
    !environmentIsValid(
      'The development server did not start: an environment variable has a value of the wrong form.',
    )
  ) {
    return 1;
  }

  // Docusaurus starts at once: src/plugins/dev-server asks for the reference before Docusaurus
  // reads any page, and is answered once the reference is in place.
  const docusaurus = spawn(
    path.join(root, 'node_modules', '.bin', 'docusaurus'),
    ['start', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: {...process.env, [DEV_SERVER_VARIABLE]: 'true', [RELOAD_FILTER_VARIABLE]: RELOAD_FILTER},
    },
  );
  // Docusaurus's exit code, or 0 when it was stopped by a signal (Ctrl+C).
  const exited = new Promise<number>((resolve) =>
    docusaurus.on('exit', (code, signal) => resolve(code ?? (signal ? 0 : 1))),
  );
  // Before the generator loads Docusaurus, after Docusaurus's own process started.
  keepGeneratorFilesApart();
  // Loaded once Docusaurus is on its way: the generator and the linter take a second or two to load.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the spawn, on purpose
  const {ReferenceKeeper} = require('./reference') as {ReferenceKeeper: typeof Keeper};
  const reference = new ReferenceKeeper(root, say);
  const stopped = () => reference.stop();
  process.on('SIGINT', stopped);
  process.on('SIGTERM', stopped);
  void exited.then(stopped);
  const started = reference.start();
  docusaurus.on('message', (message: {type?: string} | null) => {
    if (message?.type === REFERENCE_WANTED) {
      void started.then((ready) => ready && docusaurus.connected && docusaurus.send({type: REFERENCE_READY}));
    } else if (message?.type === COMPILED) {
      reference.compiled();
    }
  });
  if (!(await Promise.race([started, exited.then(() => true)]))) {
    docusaurus.kill('SIGTERM');
    console.error(
      '\n✖ The development server did not start: the API description has the problems above, and no ' +
        'reference page was ever generated from it. Fix them and run `npm start` again.',
    );
    return 1;
  }

  // Changes are taken one update at a time; those saved meanwhile make the next one.
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const runPending = () => {
    if (running) return;
    const files = [...pending];
    pending.clear();
    running = reference
      .update(files)
      .catch((error: unknown) => say(`✖ Updating the API reference failed: ${String(error)}`))
      .finally(() => {
        running = undefined;
        if (pending.size > 0) runPending();
      });
  };
  const watcher = watch('openapi', {cwd: root, ignoreInitial: true}).on('all', (_event, file) => {
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(runPending, SETTLE_MS);
  });

  // Ctrl+C reaches Docusaurus too (the terminal signals the whole group); a signal sent to this
  // process alone is passed on.
  const stop = () => {
    void watcher.close();
    docusaurus.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const code = await exited;
  await watcher.close();
  return code;
}

void main().then((code) => {
  process.exit(code);
});
