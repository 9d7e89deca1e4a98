/**
 * The reference pages of `docusaurus-plugin-openapi-docs`, generated in this process.
 *
 * What: the site is loaded once (`externalCommand`, what `docusaurus gen-api-docs` runs: the
 * site's configuration and its plugins, each plugin adding its commands to a command line), and
 * each run is the plugin's own `gen-api-docs <id> --plugin-id <plugin>` command on that loaded
 * site, so the pages are byte for byte those of the command line.
 * Why not `docusaurus gen-api-docs` in a child process: each process loads the site again before
 * it writes a page, which a watcher would pay at every change of a description; in one process a
 * section takes a fraction of that (`[gen-api]` and `[reference-writer]` times are in
 * bench/scale/results.json).
 * Why chdir: the plugin writes each page to `<outputDir>/<id>.api.mdx`, relative to the working
 * folder, and skips a page that exists; an absolute `outputDir` would change the pages' `info_path`,
 * which the plugin derives from the folder's path. So a run changes into an empty staging folder
 * and back, and no other code of the process may rely on the working folder meanwhile (runs are
 * one at a time: `write` queues them).
 * Every id is run on its own: the plugin's `gen-api-docs` action awaits its writes for one id, not
 * for `all`.
 * Upgrade: UPGRADING.md#the-openapi-generator-scriptsgenerate-api-docsgeneratorts.
 */
import {existsSync, mkdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {stripVTControlCharacters} from 'node:util';

import {
  describePages,
  finishCurrentPages,
  removeSectionTagPage,
} from '../../src/api-reference/page/current-pages';
import {writePreparedSpec} from '../../src/api-reference/prepare';
import {finishReleasePages, writeReleaseSpec} from '../../src/api-reference/page/release-pages';
import type {Target} from '../../src/api-reference/layout';

/** The command line Docusaurus's commands are added to (commander, the version Docusaurus uses). */
interface CommandLine {
  parseAsync(argv: string[]): Promise<unknown>;
}

/** A call of the chain a plugin's `extendCli` makes: `cli.command('gen-api-docs').option(…).action(…)`. */
type Call = readonly [method: string, args: unknown[]];

/**
 * A stand-in for the command line that records the chains of calls the plugins make on it, so that
 * each run replays them on a new commander program. A program runs once: commander's `parseAsync`
 * waits for the result of every action the program has ever run, so a second run would fail with
 * the first one's error.
 */
function commandRecorder(): {cli: object; replay(program: object): void} {
  const chains: Call[][] = [];
  const chain = (calls: Call[]): object =>
    new Proxy(
      {},
      {
        get:
          (_target, method) =>
          (...args: unknown[]) => (calls.push([String(method), args]), chain(calls)),
      },
    );
  const cli = new Proxy(
    {},
    {
      get:
        (_target, method) =>
        (...args: unknown[]) => {
          const calls: Call[] = [[String(method), args]];
          chains.push(calls);
          return chain(calls);
        },
    },
  );
  return {
    cli,
    replay(program) {
      for (const calls of chains) {
        calls.reduce<object>(
          (target, [method, args]) =>
            (target as Record<string, (...a: unknown[]) => object>)[method](...args),
          program,
        );
      }
    },
  };
}

/** A failure of the generator, with what it printed. */
export class GeneratorFailed extends Error {}

export interface PageGenerator {
  /**
   * Writes the pages of `targets` into `staging`, laid out as in the repository (a folder of
   * pages is emptied first), with the section tags' pages removed and meta descriptions
   * rewritten. Rejects with GeneratorFailed, naming the target, when one wrote no sidebar.
   */
  write(staging: string, targets: readonly Target[], options?: WriteOptions): Promise<void>;
}

export interface WriteOptions {
  /** Prints only what the generator says of a failure (the development server's watcher). */
  readonly quiet?: boolean;
  /**
   * For one target, of the sample's place or the merchant API: the copy of its description the
   * generator reads (`doc`, see ../../src/api-reference/prepare.ts), and the part of it to write
   * pages for (`pages`, with some of its operations: ./changed-operations.ts), instead of reading
   * the description again and writing every page. The copy left in place is `doc`.
   */
  readonly prepared?: {readonly doc: Record<string, unknown>; readonly pages: Record<string, unknown>};
}

/** An error's message and those of its causes, one sentence each. */
function causes(error: unknown): string {
  const messages: string[] = [];
  for (let cause = error; cause !== undefined && messages.length < 5;) {
    messages.push((cause instanceof Error ? cause.message : String(cause)).trim().replace(/([^.])$/, '$1.'));
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return messages.join(' ');
}

/** Loads the site and its plugins once (a few seconds); throws GeneratorFailed when it cannot. */
export async function loadPageGenerator(root: string): Promise<PageGenerator> {
  const core = path.dirname(require.resolve('@docusaurus/core/package.json'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- Docusaurus's own copy, resolved from it
  const {Command} = require(require.resolve('commander', {paths: [core]})) as {
    Command: new () => CommandLine;
  };
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see Upgrade above
  const {externalCommand} = require(path.join(core, 'lib')) as {
    externalCommand(options: {cli: object; siteDir: string}): Promise<void>;
  };
  const commands = commandRecorder();
  try {
    await externalCommand({cli: commands.cli, siteDir: root});
  } catch (error) {
    throw new GeneratorFailed(`Loading the site for the OpenAPI generator failed: ${causes(error)}`);
  }

  let queue: Promise<unknown> = Promise.resolve();
  const runTarget = async (staging: string, target: Target, prepared?: WriteOptions['prepared']) => {
    rmSync(path.join(staging, target.dir), {recursive: true, force: true});
    // A release that changed no operation has no page of one: its own page only.
    if (target.pluginId === 'releases' && writeReleaseSpec(root, target.id) === 0) {
      mkdirSync(path.join(staging, target.dir), {recursive: true});
      finishReleasePages(staging, target);
      return;
    }
    if (target.pluginId !== 'releases') {
      // The sample's place (an owner's description, of any shape) and the merchant API's
      // sections: the copy the generator reads, of all or `prepared`'s part.
      try {
        await writePreparedSpec(root, target, prepared?.pages);
      } catch (error) {
        throw new GeneratorFailed(`Reading ${target.spec} failed: ${causes(error)}`);
      }
    }
    const before = process.cwd();
    process.chdir(staging);
    try {
      const program = new Command();
      commands.replay(program);
      await program.parseAsync([
        'node',
        'docusaurus',
        'gen-api-docs',
        target.id,
        '--plugin-id',
        target.pluginId,
      ]);
    } catch (error) {
      throw new GeneratorFailed(`Generating the pages of ${target.spec} failed: ${causes(error)}`);
    } finally {
      process.chdir(before);
      if (prepared) await writePreparedSpec(root, target, prepared.doc);
    }
    if (!existsSync(path.join(staging, target.dir, 'sidebar.ts'))) {
      throw new GeneratorFailed(
        `The generator wrote no pages for ${target.spec}. Its messages above say why (often an unreadable OpenAPI file).`,
      );
    }
    removeSectionTagPage(staging, target);
    const readDescription = () => readFileSync(path.join(root, target.spec), 'utf8');
    describePages(staging, target, readDescription);
    if (target.pluginId === 'releases') finishReleasePages(staging, target);
    if (target.pluginId !== 'releases') finishCurrentPages(staging, target);
  };

  return {
    write(staging, targets, {quiet = false, prepared} = {}) {
      const run = queue.then(async () => {
        // The plugin prints a line for every page it writes, and its own account of a failure.
        // Quiet (the development server's watcher, which prints its own summary), the first are
        // dropped and the second join the failure's message.
        const {log, error} = console;
        const said: string[] = [];
        if (quiet) {
          console.log = (...args: unknown[]) => {
            if (!/^Successfully created/.test(stripVTControlCharacters(String(args[0])))) log(...args);
          };
          console.error = (...args: unknown[]) =>
            said.push(stripVTControlCharacters(args.map(String).join(' ')));
        }
        try {
          for (const target of targets) {
            await runTarget(staging, target, targets.length === 1 ? prepared : undefined);
          }
        } catch (failure) {
          if (failure instanceof GeneratorFailed && said.length > 0) {
            failure.message += ` The generator said: ${said.join(' ').replace(/\s+/g, ' ').trim()}`;
          }
          throw failure;
        } finally {
          console.log = log;
          console.error = error;
        }
      });
      queue = run.catch(() => {});
      return run;
    },
  };
}
