/**
 * Keeps the API reference of the development server as the descriptions under `openapi/` are:
 * generated at start when anything it is made from has changed, then again for each saved change,
 * for the descriptions the change touches only.
 *
 * An update checks the YAML, then lints (Redocly, as `npm run build` does) while it generates the
 * pages of the touched descriptions into a staging folder (../generate-api-docs/generator.ts, in
 * this process). Only when both have succeeded are the pages put in place, and only the files
 * whose bytes changed are written (../generate-api-docs/install.ts): for a one-operation change,
 * that operation's page and its section's sidebar, so the development server recompiles one page.
 * A problem leaves every page as it was, and is printed and shown in the browser (PROBLEM_FILE,
 * src/plugins/dev-server); the next update that succeeds clears it. The downloads (bundled
 * descriptions, Postman collection), which no page shows, follow in a process of their own at the
 * lowest priority, stopped when another change comes first.
 */
import {type ChildProcess, spawn} from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import {setPriority, tmpdir} from 'node:os';
import path from 'node:path';

import {PROBLEM_FILE, PROBLEM_HEADING} from '../../src/plugins/dev-server';
import {preparedSpecPath} from '../../src/api-reference/description';
import {collectGarbage} from './collect-garbage';
import {
  changedOperations,
  type DescriptionPrints,
  descriptionPrints,
  onlyOperations,
} from '../generate-api-docs/changed-operations';
import type {PageGenerator} from '../generate-api-docs/generator';
import {type Installed, installChanged} from '../generate-api-docs/install';
import {
  blocksFile,
  COMPANION_FOLDERS,
  DOWNLOADS,
  isDownload,
  isGenerated,
  isGeneratedPage,
  OUTPUT_DIRS,
  type Target,
  TARGETS,
  targetsAffectedBy,
} from '../../src/api-reference/layout';
import {generatorSpec} from '../../src/api-reference/prepare';
import {fingerprintInputs, recordRun, reusableRun, sha256} from '../generate-api-docs/reuse';
import {formatProblem, lintedApis, Linter, type Problem, PROBLEMS_LINE} from './problems';

/** A few paths, and how many more. */
function some(files: readonly string[], most = 4): string {
  const shown = files.slice(0, most).join(', ');
  return files.length > most ? `${shown} and ${files.length - most} more` : shown;
}

/**
 * The record of the reference pages alone (../generate-api-docs/reuse.ts), kept once they are in
 * place: a server stopped before the downloads and companion files that follow were written
 * still starts the next time without generating the pages again.
 */
const PAGES_RECORD = 'dev-server-pages';
const PAGE_DIRS = TARGETS.map((target) => target.dir);
const isPageOutput = (file: string) => isGenerated(file) && PAGE_DIRS.includes(path.dirname(file));

/**
 * How long the development server must have compiled nothing before the downloads are written:
 * though at the lowest priority, their process takes the core the server leaves idle, and the
 * server needs both while it starts and compiles a page (measured: a start took seconds longer
 * with it).
 */
const QUIET_MS = 3000;

/**
 * The size of descriptions above which a start with no page generates them on both cores, in two
 * processes of their own: a process takes seconds to load itself and the site, and the generator's
 * time grows with the size of the descriptions, so below this size (the portal at 1x) this
 * process alone is faster, and above it (ten times the content, GitHub's description) two are
 * (bench/writer/results.json has the starts of each size).
 */
const SPLIT_BYTES = 1_000_000;

/** An API name that redocly.yaml has not: linting it loads the linter and its configuration only. */
const WARM_UP = '(warm-up)';

/**
 * The niceness this process takes on at the warm-up, for the rest of the session. The warm-up
 * (seconds of CPU with a hundred times the content) comes just as a writer edits the page they
 * opened, and on two cores it made the server's compilations of those edits half as slow again
 * (`npm run bench:writer -- --sizes 100x`, the guide edits right after the start). Later, while
 * this process generates the pages of a saved description, the server waits for them, so the
 * lower priority costs that change nothing. A process cannot take a higher priority back without
 * privileges, so it keeps this one; the downloads' process, at the lowest priority, stays below it.
 */
const BACKGROUND_NICENESS = 10;

/** What ReferenceKeeper.changedOperations finds when the description itself does not read. */
const UNREADABLE = Symbol('the description does not read');

/** The operations a change touched, by their JSON pointers, in the prepared description `doc`. */
interface Only {
  readonly doc: Record<string, unknown>;
  readonly pointers: readonly string[];
  /** The bytes of the prepared copy the pages in place were generated from: put back when they stay. */
  readonly before: Buffer;
  readonly target: Target;
}

/**
 * Which files of `target`'s folder a run with some of its operations owns: the pages it wrote and
 * the files of their long blocks (written or gone). Not the sidebar: the one written beside them
 * lists those operations alone, and the sidebar in place is still right, since such a change
 * leaves what it is made from as it was (../generate-api-docs/changed-operations.ts).
 */
function writtenPages(staging: string, target: Target): (name: string) => boolean {
  const folder = path.join(staging, target.dir);
  const pages = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.api.mdx')) : [];
  const owned = new Set(pages.flatMap((name) => [name, blocksFile(name)]));
  return (name) => owned.has(name);
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

export class ReferenceKeeper {
  private generator: Promise<PageGenerator> | undefined;
  private downloads: ChildProcess | undefined;
  private shownProblems = '';
  /**
   * By target id: the copy of its description the generator reads (../../src/api-reference/prepare.ts),
   * as last written by a change or read, by its hash, with its prints.
   */
  private readonly prepared = new Map<string, {hash: string; prints: DescriptionPrints}>();
  private readonly linter: Linter;
  /** The work to start once the server has compiled nothing for QUIET_MS, by name. */
  private readonly background = new Map<string, () => void>();
  private quiet: NodeJS.Timeout | undefined;
  /** The development server's compilations so far: background work waits for the first. */
  private compilations = 0;

  constructor(
    private readonly root: string,
    private readonly say: (line: string) => void,
  ) {
    this.linter = new Linter(root);
    mkdirSync(path.dirname(path.join(root, PROBLEM_FILE)), {recursive: true});
    this.showProblems([]);
  }

  /**
   * The development server has finished a compilation: the background work waits until it is
   * quiet. After the first, the generator (the site) and the linter are loaded, so that a writer's
   * first change of a description does not wait for them (a second or two each, more with a large
   * description): at once, since the warm-up runs behind the server (BACKGROUND_NICENESS) and
   * takes only the CPU the server leaves. Started ten seconds later, or after a quiet second, it
   * was still running when a writer who had edited a guide and opened a reference page saved a
   * description a hundred times the size of ours (`npm run bench:writer -- --sizes 100x`).
   */
  compiled(): void {
    if (this.compilations === 0) this.loadTools();
    this.compilations += 1;
    if (this.background.size > 0) this.whenQuiet();
  }

  /** Loads the generator and the linter (the warm-up). */
  private loadTools(): void {
    try {
      // This thread on Linux (each thread has its own niceness), and the threads it starts after.
      setPriority(BACKGROUND_NICENESS);
    } catch {
      // A system that refuses: the warm-up runs at the server's priority, as before.
    }
    void this.pageGenerator().catch(() => {});
    void this.linter.lint([WARM_UP]).catch(() => {});
    // The prints of the sample's place as its pages were generated at start, which a first change
    // compares with (a noticeable wait with an owner's large description; a section of the
    // merchant API is a file of a few hundred operations at most, whose prints wait for its change).
    for (const target of TARGETS.filter((each) => each.pluginId === 'petstore')) {
      const prepared = path.join(this.root, preparedSpecPath(target.id));
      try {
        this.printsOf(target, readFileSync(prepared));
      } catch {
        // No prepared copy, or one half written: the first change computes them.
      }
    }
  }

  /** Adds `work` (replacing the work of the same name) and starts waiting for QUIET_MS again. */
  private whenQuiet(name?: string, work?: () => void): void {
    if (name !== undefined && work) this.background.set(name, work);
    clearTimeout(this.quiet);
    if (this.compilations === 0) return;
    this.quiet = setTimeout(() => {
      const works = [...this.background.values()];
      this.background.clear();
      for (const start of works) start();
    }, QUIET_MS);
  }

  private pageGenerator(): Promise<PageGenerator> {
    // Loaded when first needed: a start that reuses the reference does without it.
    this.generator ??= import('../generate-api-docs/generator').then(({loadPageGenerator}) =>
      loadPageGenerator(this.root),
    );
    this.generator.catch(() => (this.generator = undefined));
    return this.generator;
  }

  /**
   * At start: generates the whole reference unless its last run can be reused. Resolves with
   * whether the site can be served: true, unless the description is broken and no page of it
   * has ever been generated.
   */
  async start(): Promise<boolean> {
    const inputs = fingerprintInputs(this.root);
    if (reusableRun(this.root, inputs, isGenerated, OUTPUT_DIRS)) {
      this.say('✔ API reference unchanged since the last run: its pages and downloads are reused.');
      return true;
    }
    if (reusableRun(this.root, inputs, isPageOutput, PAGE_DIRS, PAGES_RECORD)) {
      // The last run stopped before its downloads were written, maybe before the linter ran.
      this.say('✔ API reference pages unchanged since the last run; the downloads are written again.');
      this.writeDownloads(inputs, {lint: true});
      return true;
    }
    const files = [...new Set(TARGETS.map((target) => target.spec))];
    const generatedBefore = TARGETS.every((target) =>
      existsSync(path.join(this.root, target.dir, 'sidebar.ts')),
    );
    // With pages of an earlier run in place, the linter decides whether they are replaced. With
    // none (a new clone) there is no good version to keep: the pages are put in place as soon as
    // they are generated (on both cores, for a large API), and the linter runs after, in the
    // background, before the downloads.
    const done = await this.generate(files, TARGETS, {all: true, gate: generatedBefore});
    collectGarbage();
    return done || generatedBefore;
  }

  /** After a change of `files` (relative to the repository) under openapi/. */
  async update(files: readonly string[]): Promise<void> {
    const targets = targetsAffectedBy(files);
    const change = targets.length === 1 ? await this.changedOperations(targets[0]) : undefined;
    // A description that did not read leaves what was parsed of it as garbage, which the linter's
    // thread would hold beside its own reading of it: with GitHub's description, that moment was the
    // peak of a writer's session (`npm run bench:writer -- --sizes large-yaml`, the broken description).
    if (change === UNREADABLE) collectGarbage();
    if (change !== UNREADABLE || !(await this.lintedUnreadable(files))) {
      await this.generate(files, targets, {only: change === UNREADABLE ? undefined : change});
    }
    // What the update read is garbage now; the development server's reload is about to start.
    collectGarbage();
  }

  /**
   * For a description that does not read: the linter alone, whose errors name the file and line;
   * true when it found one, and the pages stay as they are. The generator would fail on it too,
   * after parsing the whole description once more beside the linter: with GitHub's description
   * in the sample's place, that moment holds the most memory of this process in a writer's session
   * (`npm run bench:writer -- --sizes large`). When the linter finds no error, the generator runs
   * as for any change and says what is wrong.
   */
  private async lintedUnreadable(files: readonly string[]): Promise<boolean> {
    this.downloads?.kill();
    this.background.delete('downloads');
    let found: Problem[];
    try {
      found = await this.linter.lint(this.aliasesFor(files));
    } catch {
      return false;
    }
    const errors = this.sayWarnings(found);
    if (errors.length === 0) return false;
    this.showProblems(errors);
    return true;
  }

  /** Prints the warnings the linter found; returns its errors. */
  private sayWarnings(found: readonly Problem[]): Problem[] {
    for (const warning of found.filter((problem) => problem.severity === 'warning')) {
      this.say(`⚠ ${formatProblem(warning)}`);
    }
    return found.filter((problem) => problem.severity === 'error');
  }

  /**
   * For the sample's place (an owner's description, of any size) and a section of the merchant
   * API: the operations whose pages a change touched (../generate-api-docs/changed-operations.ts),
   * found by comparing the copy the pages were generated from with the description now. Undefined,
   * and every page is written, when that cannot tell: a release, no copy, a copy half written, or
   * a change of what every page shares or of the sidebar. UNREADABLE when the description does not
   * read.
   */
  private async changedOperations(target: Target): Promise<Only | typeof UNREADABLE | undefined> {
    if (target.pluginId === 'releases') return undefined;
    const prepared = path.join(this.root, preparedSpecPath(target.id));
    if (!existsSync(prepared)) return undefined;
    const before = readFileSync(prepared);
    let doc: Record<string, unknown>;
    let beforePrints: DescriptionPrints;
    try {
      doc = await generatorSpec(this.root, target);
    } catch {
      return UNREADABLE;
    }
    try {
      beforePrints = this.printsOf(target, before);
    } catch {
      // A prepared copy half written: every page.
      return undefined;
    }
    const afterPrints = descriptionPrints(doc);
    const pointers = changedOperations(beforePrints, afterPrints);
    if (pointers === undefined) return undefined;
    // What the copy will hold once the pages are written: its prints are those just made.
    this.prepared.set(target.id, {hash: sha256(JSON.stringify(doc)), prints: afterPrints});
    return {doc, pointers, before, target};
  }

  /**
   * The prints of the bytes of `target`'s copy: remembered for the copy last written or read,
   * computed (and remembered) otherwise.
   */
  private printsOf(target: Target, bytes: Buffer): DescriptionPrints {
    const hash = sha256(bytes);
    let known = this.prepared.get(target.id);
    if (known?.hash !== hash) {
      known = {
        hash,
        prints: descriptionPrints(JSON.parse(bytes.toString('utf8')) as Record<string, unknown>),
      };
      this.prepared.set(target.id, known);
    }
    return known.prints;
  }

  /** Stops the background work, waiting or running. */
  stop(): void {
    clearTimeout(this.quiet);
    this.background.clear();
    this.downloads?.kill();
    this.linter.close();
  }

  /**
   * Lints and generates the pages of `targets` after a change of `files` (`all` at start), and
   * puts them in place when both have succeeded; the downloads and companion files follow.
   * Without `gate`, the pages are put in place whatever the linter finds, and it runs later.
   * With `only`, only the pages of those operations are linted, written and put in place.
   */
  private async generate(
    files: readonly string[],
    targets: readonly Target[],
    {all = false, gate = true, only}: {all?: boolean; gate?: boolean; only?: Only} = {},
  ): Promise<boolean> {
    const started = performance.now();
    // What the records compare the next start's inputs with, taken before anything is read: a
    // change saved from here on is one they have not seen.
    const inputs = fingerprintInputs(this.root);
    this.downloads?.kill();
    this.background.delete('downloads');
    // The linter (in a thread of its own) and the generator side by side; the pages are put in
    // place only when the linter has found no error.
    const linted = gate ? this.linter.lint(this.aliasesFor(files), only?.pointers) : Promise.resolve([]);
    linted.catch(() => {});
    const staging = mkdtempSync(path.join(tmpdir(), 'gerai-api-reference-'));
    try {
      let failure: string | undefined;
      try {
        // Without the linter in a thread of its own, the second core can take half of the pages,
        // when there are enough of them to be worth a process that loads the site again.
        const bytes = targets.reduce(
          (sum, target) => sum + statSync(path.join(this.root, target.spec)).size,
          0,
        );
        if (only) {
          await this.writeSomePages(staging, targets, only);
        } else {
          await (gate || bytes < SPLIT_BYTES
            ? this.writePages(staging, targets)
            : this.writePagesOnBothCores(staging, targets));
        }
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      // A description the linter refuses is reported in the linter's words, whatever the generator said.
      const errors = this.sayWarnings(await linted);
      if (errors.length > 0 || failure !== undefined) {
        // The pages stay as they were, and so does what the next change is compared with.
        if (only) writeFileSync(path.join(this.root, preparedSpecPath(only.target.id)), only.before);
        this.showProblems(
          errors.length > 0
            ? errors
            : [{file: some(files), severity: 'error', rule: 'openapi-generator', message: failure ?? ''}],
        );
        return false;
      }
      const installed = installChanged(
        staging,
        this.root,
        targets.map((target) => ({
          dir: target.dir,
          owned: only ? writtenPages(staging, target) : isGeneratedPage,
        })),
      );
      this.noticeSidebars(installed);
      this.showProblems([]);
      this.say(
        `✔ API reference ${all ? 'generated' : `updated from ${some(files)}`} in ${seconds(started)}: ` +
          (installed.written.length + installed.removed.length === 0
            ? 'no page changed.'
            : [
                installed.written.length > 0 ? `wrote ${some(installed.written)}` : '',
                installed.removed.length > 0 ? `removed ${some(installed.removed)}` : '',
              ]
                .filter(Boolean)
                .join('; ') + '.'),
      );
      // After an update, the record of the start or the update before is still right for every
      // page but those just put in place.
      recordRun(this.root, inputs, isPageOutput, PAGE_DIRS, PAGES_RECORD, all ? undefined : installed);
      this.writeDownloads(inputs, {lint: !gate});
      return true;
    } finally {
      rmSync(staging, {recursive: true, force: true});
    }
  }

  /** Writes the pages of `only`'s operations, if any, and leaves the prepared copy whole. */
  private async writeSomePages(staging: string, targets: readonly Target[], only: Only): Promise<void> {
    for (const target of targets) mkdirSync(path.join(staging, target.dir), {recursive: true});
    if (only.pointers.length === 0) return;
    const generator = await this.pageGenerator();
    await generator.write(staging, targets, {
      quiet: true,
      prepared: {doc: only.doc, pages: onlyOperations(only.doc, only.pointers)},
    });
  }

  private async writePages(staging: string, targets: readonly Target[]): Promise<void> {
    const generator = await this.pageGenerator();
    await generator.write(staging, targets, {quiet: true});
  }

  /**
   * Writes the pages of `targets` in two processes of their own (../generate-api-docs/write-pages.ts),
   * one on each core, the halves balanced by the size of their descriptions. Not in this process:
   * the memory a large description's generation takes would stay with it for the server's life,
   * beside the server's own; a process that ends gives it back.
   */
  private async writePagesOnBothCores(staging: string, targets: readonly Target[]): Promise<void> {
    const halves: [Target[], Target[]] = [[], []];
    const sizes = [0, 0];
    const bySize = targets
      .map((target) => ({target, size: statSync(path.join(this.root, target.spec)).size}))
      .sort((a, b) => b.size - a.size);
    for (const {target, size} of bySize) {
      const half = sizes[0] <= sizes[1] ? 0 : 1;
      halves[half].push(target);
      sizes[half] += size;
    }
    const written = halves
      .filter((half) => half.length > 0)
      .map(
        (half) =>
          new Promise<void>((resolve, reject) => {
            const child = spawn(
              path.join(this.root, 'node_modules', '.bin', 'jiti'),
              [
                path.join(this.root, 'scripts', 'generate-api-docs', 'write-pages.ts'),
                staging,
                ...half.map((target) => target.id),
              ],
              {cwd: this.root, stdio: ['ignore', 'inherit', 'pipe']},
            );
            let said = '';
            child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
            child.on('error', reject);
            child.on('close', (code) =>
              code === 0
                ? resolve()
                : reject(new Error(said.trim().replace(/^✖ /, '') || `exit code ${code}`)),
            );
          }),
      );
    for (const each of written) each.catch(() => {});
    for (const each of written) await each;
  }

  /**
   * Docusaurus reloads its docs plugin, sidebars included, when a page file changes, but does not
   * watch the generated sidebars (sidebars.ts imports them): a change of a sidebar alone (an
   * operation moved to another tag, say) is made visible by a change of sidebars.ts: written again
   * with its own bytes, since a new modification time alone is not seen (measured in a browser on
   * the releases' sidebars file: a time set left the site as it was, the file written again
   * reloaded it).
   */
  private noticeSidebars(installed: Installed): void {
    const changed = [...installed.written, ...installed.removed];
    if (
      changed.some((file) => path.basename(file) === 'sidebar.ts') &&
      !changed.some((file) => file.endsWith('.mdx'))
    ) {
      const sidebars = path.join(this.root, 'sidebars.ts');
      writeFileSync(sidebars, readFileSync(sidebars));
    }
  }

  /** The Redocly APIs a change of `files` can break; none (every API) when a shared file changed. */
  private aliasesFor(files: readonly string[]): string[] {
    const apis = [...lintedApis(this.root)];
    const aliases = files.map((file) => apis.find(([, root]) => root === path.normalize(file))?.[0]);
    return aliases.every((alias) => alias !== undefined) ? [...new Set(aliases as string[])] : [];
  }

  /** Prints the problems and shows them in the browser; none clears what was shown. */
  private showProblems(problems: readonly Problem[]): void {
    const text =
      problems.length === 0
        ? ''
        : `${PROBLEM_HEADING}: the reference shows its last good version until they are fixed.\n\n` +
          problems.map(formatProblem).join('\n');
    if (text === this.shownProblems && existsSync(path.join(this.root, PROBLEM_FILE))) return;
    if (text !== '') {
      this.say(`✖ ${text}`);
    } else if (this.shownProblems !== '') {
      this.say('✔ The API description has no problems any more.');
    }
    this.shownProblems = text;
    writeFileSync(path.join(this.root, PROBLEM_FILE), text);
  }

  /**
   * Writes the downloads and companion files once the development server has compiled nothing
   * for QUIET_MS, in a process of its own at the lowest
   * priority; then puts those whose bytes changed in place and records the run for the next
   * start to reuse.
   */
  private writeDownloads(inputs: string, options: {lint?: boolean} = {}): void {
    this.whenQuiet('downloads', () => this.startDownloads(inputs, options));
  }

  /** Starts the process of writeDownloads. */
  private startDownloads(inputs: string, {lint = false} = {}): void {
    const staging = mkdtempSync(path.join(tmpdir(), 'gerai-api-downloads-'));
    const child = spawn(
      path.join(this.root, 'node_modules', '.bin', 'jiti'),
      [
        path.join(this.root, 'scripts', 'generate-api-docs', 'write-downloads.ts'),
        ...(lint ? ['--lint'] : []),
        staging,
      ],
      {cwd: this.root, stdio: ['ignore', 'pipe', 'pipe']},
    );
    this.downloads = child;
    if (child.pid !== undefined) setPriority(child.pid, 19);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => {
      if (this.downloads === child) this.downloads = undefined;
      try {
        const linted = output.split('\n').find((line) => line.startsWith(PROBLEMS_LINE));
        const found = linted ? (JSON.parse(linted.slice(PROBLEMS_LINE.length)) as Problem[]) : [];
        const errors = this.sayWarnings(found);
        if (errors.length > 0) {
          this.showProblems(errors);
        } else if (code === 0) {
          const installed = installChanged(staging, this.root, [
            ...COMPANION_FOLDERS,
            {dir: DOWNLOADS, owned: isDownload},
          ]);
          if (installed.written.length > 0) {
            this.say(`✔ Downloads and companion files updated: ${some(installed.written)}.`);
          }
          if (this.shownProblems === '') recordRun(this.root, inputs, isGenerated, OUTPUT_DIRS);
        } else if (signal === null) {
          this.showProblems([
            {
              file: DOWNLOADS,
              severity: 'error',
              rule: 'downloads',
              message: (/✖ (.+)/.exec(output)?.[1] ?? output.trim()).split('\n')[0],
            },
          ]);
        }
      } finally {
        rmSync(staging, {recursive: true, force: true});
      }
    });
  }
}
