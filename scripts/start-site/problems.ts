/**
 * What is wrong with the API description, found as a writer saves it, each problem as
 * `file:line:column  severity  rule  message`.
 *
 * The linter is Redocly's, with the repository's redocly.yaml, in this process: the library
 * (`@redocly/openapi-core`) that Redocly CLI is built on, which `npm run build` runs. In this process
 * a section lints in a fraction of the time the command line takes, most of which goes to loading
 * itself, at every save. tests/unit/dev-server-lint.test.mjs checks that both
 * report the same problems, on the descriptions and on descriptions broken on purpose.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {Worker} from 'node:worker_threads';

import type * as Core from '@redocly/openapi-core';
import {parse} from 'yaml';

import {parsedAsJson} from '../../src/api-reference/description';

/** One problem, located in a file of the repository. */
export interface Problem {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly severity: 'error' | 'warning';
  readonly rule: string;
  readonly message: string;
}

/** How a process that lints for the watcher starts the line of its problems (JSON follows). */
export const PROBLEMS_LINE = 'PROBLEMS ';

/** A problem as one line of the terminal and of the browser's overlay. */
export function formatProblem(problem: Problem): string {
  const place = [problem.file, problem.line, problem.column].filter((part) => part !== undefined).join(':');
  return `${place}  ${problem.severity}  ${problem.rule}  ${problem.message}`;
}

/** The APIs of redocly.yaml: each alias with the file it lints (relative to the repository). */
export function lintedApis(root: string): Map<string, string> {
  const config = parse(readFileSync(path.join(root, 'redocly.yaml'), 'utf8')) as {
    apis?: Record<string, {root: string}>;
  };
  return new Map(Object.entries(config.apis ?? {}).map(([alias, api]) => [alias, path.normalize(api.root)]));
}

type Redocly = typeof Core;

/**
 * Redocly's resolver, reading a file written as JSON with `JSON.parse` (`parsedAsJson`): Redocly
 * parses every file as YAML (JSON is YAML), which takes more than twice as long for GitHub's
 * description, and that is on the way of every save's lint. Any other file is parsed as YAML, as
 * before, whose error names the line. Lines of problems come from the file's text, whatever parsed
 * it.
 */
function jsonReadingResolver({BaseResolver}: Redocly): Redocly['BaseResolver'] {
  return class JsonReadingResolver extends BaseResolver {
    override parseDocument(source: Core.Source, isRoot?: boolean) {
      const parsed = typeof source.body === 'string' ? parsedAsJson(source.body) : undefined;
      return parsed === undefined ? super.parseDocument(source, isRoot) : {source, parsed};
    }
  };
}

/**
 * Rules that judge a description whole, which a copy with some of its operations (`only`) breaks:
 * a component the other operations use is unused there. The build's lint, of the whole, runs them.
 */
const WHOLE_DESCRIPTION_RULES = new Set(['no-unused-components']);

/**
 * Lints the APIs named by their aliases in redocly.yaml (every API when none is), each with its
 * own rules, as `redocly lint` does. A file that does not parse is one problem, at its line.
 * With `only`, each API is linted with only the operations and events at those JSON pointers
 * (../generate-api-docs/changed-operations.ts), the problems still located in the owner's files.
 */
export async function lint(
  root: string,
  aliases: readonly string[] = [],
  only?: readonly string[],
): Promise<Problem[]> {
  // Loaded when first needed (a second or so): the server's start does without it.
  const redocly = await import('@redocly/openapi-core');
  const {getLineColLocation, lintDocument, loadConfig, YamlParseError} = redocly;
  const Resolver = jsonReadingResolver(redocly);
  const {onlyOperations} = await import('../generate-api-docs/changed-operations');
  const config = await loadConfig({configPath: path.join(root, 'redocly.yaml')});
  const apis = lintedApis(root);
  const chosen = aliases.length > 0 ? aliases : [...apis.keys()];
  const relative = (file: string) => path.relative(root, file);
  const found: Problem[] = [];
  for (const alias of chosen) {
    const file = apis.get(alias);
    if (file === undefined) continue;
    if (!existsSync(path.join(root, file))) {
      found.push({
        file,
        severity: 'error',
        rule: 'missing-file',
        message: `The file of the API ${alias} is gone.`,
      });
      continue;
    }
    try {
      const apiConfig = config.forAlias(alias);
      const externalRefResolver = new Resolver(apiConfig.resolve);
      const document = await externalRefResolver.resolveDocument(null, path.join(root, file), true);
      if (document instanceof Error) throw document;
      const problems = await lintDocument({
        document:
          only === undefined
            ? document
            : {...document, parsed: onlyOperations(document.parsed as Record<string, unknown>, only)},
        config: apiConfig,
        externalRefResolver,
      });
      for (const problem of problems) {
        if (problem.ignored || (only !== undefined && WHOLE_DESCRIPTION_RULES.has(problem.ruleId))) continue;
        const location = problem.location[0];
        const start = location ? getLineColLocation(location).start : undefined;
        found.push({
          file: location ? relative(location.source.absoluteRef) : file,
          line: start?.line,
          column: start?.col,
          severity: problem.severity === 'error' ? 'error' : 'warning',
          rule: problem.ruleId,
          message: problem.message,
        });
      }
    } catch (error) {
      if (!(error instanceof YamlParseError)) throw error;
      found.push({
        file: relative(error.source.absoluteRef),
        line: error.line,
        column: error.col,
        severity: 'error',
        rule: 'yaml-syntax',
        message: (error.originalError as {reason?: string}).reason ?? error.message.split('\n')[0],
      });
    }
  }
  // A file shared by several APIs (common.yaml) reports its problems once.
  return [...new Map(found.map((problem) => [formatProblem(problem), problem])).values()];
}

/**
 * `lint` in a worker thread that stays for the life of the development server (loading the
 * linter takes a few tenths of a second): a change is linted while the generator writes the
 * pages, on the other core. A thread that fails is replaced at the next call.
 */
export class Linter {
  private worker: Worker | undefined;
  private next = 0;
  private readonly waiting = new Map<
    number,
    {resolve(problems: Problem[]): void; reject(error: Error): void}
  >();

  constructor(private readonly root: string) {}

  lint(aliases: readonly string[] = [], only?: readonly string[]): Promise<Problem[]> {
    const worker = this.thread();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, {resolve, reject});
      worker.postMessage({id, root: this.root, aliases, only});
    });
  }

  close(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(path.join(__dirname, 'lint-worker.mjs'));
    worker.on('message', ({id, problems, error}: {id: number; problems?: Problem[]; error?: string}) => {
      const waiting = this.waiting.get(id);
      this.waiting.delete(id);
      if (error !== undefined) waiting?.reject(new Error(`Linting the API description failed: ${error}`));
      else waiting?.resolve(problems ?? []);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const {reject} of this.waiting.values()) reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The linter's thread stopped (exit code ${code}).`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
