/**
 * The options of `npm run bench:scale`, read and checked before anything is copied or built: a
 * run takes half an hour, and a mistyped option should cost a second, not the run.
 */
import {parseArgs} from 'node:util';

/** The copies a run can measure, in the order they are built and shown. */
export const SIZES = ['1x', '10x', 'large', 'releases'];

/** The parts of a run: the cold builds, the served pages of each, and the interleaved mobile Lighthouse runs. */
export const PARTS = ['build', 'served', 'lighthouse'];

/** The base port; each copy is served on its own, this many ports apart (in SIZES order). */
export const DEFAULT_PORT = 3390;
export const PORT_STEP = 10;

/** A mistake in the options: printed on one line, and the run exits with 2. */
export class UsageError extends Error {}

export const HELP = `npm run bench:scale [-- options]

Builds copies of the portal, each cold in a temporary folder, and compares what the build
costs and what a reader gets: 1x (the portal as it is), 10x (ten times its content), large
(GitHub's REST API description in place of the sample pet store) and releases (20 more releases
of the merchant API). Prints a table and writes bench/scale.json.

Options:
  --sizes LIST   copies to measure, any of ${SIZES.join(',')} (default: all)
  --parts LIST   build (the cold builds), served (each build served by nginx: scripts, route
                 data, search, desktop TBT), lighthouse (mobile Lighthouse of the guide and the
                 reference page of every copy, interleaved) (default: ${PARTS.join(',')})
  --runs N       Lighthouse runs: desktop runs per copy, and rounds of the mobile runs (default: 3)
  --keep         keep every copy and its build (default: all are removed at the end); a kept 10x
                 copy can be measured again with --from
  --from FOLDER  measure the 10x copy in FOLDER (kept by an earlier --keep run) instead of growing
                 and building one; its build figures come from bench/scale.json when that run
                 built it. Without build in --parts, every size must come from --from (10x only)
  --port N       base port (default: ${DEFAULT_PORT}); copy i of ${SIZES.join(',')} is served on
                 N + ${PORT_STEP} * i
  --help         print this and exit`;

/**
 * A comma-separated list of names, each one of `allowed`, in the order of `allowed` and once each.
 *
 * @param {string} name the option's name
 * @param {string} value
 * @param {string[]} allowed
 */
function listOption(name, value, allowed) {
  const chosen = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = chosen.filter((item) => !allowed.includes(item));
  if (unknown.length > 0) {
    throw new UsageError(`--${name} takes ${allowed.join(', ')}; unknown: ${unknown.join(', ')}`);
  }
  if (chosen.length === 0) throw new UsageError(`--${name} names none of ${allowed.join(', ')}`);
  return allowed.filter((item) => chosen.includes(item));
}

/** A whole number of at least `min`. */
function wholeNumber(name, value, min) {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min)
    throw new UsageError(`--${name} takes a whole number of at least ${min}, not "${value}"`);
  return number;
}

/**
 * The options of a run, from the command line's arguments (after `--`).
 *
 * @param {string[]} args
 * @returns {{help: boolean, sizes: string[], parts: string[], runs: number, keep: boolean, from?: string, port: number}}
 * @throws {UsageError} an unknown option, a value of the wrong form, or options that cannot go together
 */
export function parseOptions(args) {
  let values;
  try {
    ({values} = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        sizes: {type: 'string', default: SIZES.join(',')},
        parts: {type: 'string', default: PARTS.join(',')},
        runs: {type: 'string', default: '3'},
        from: {type: 'string'},
        keep: {type: 'boolean', default: false},
        port: {type: 'string', default: String(DEFAULT_PORT)},
        help: {type: 'boolean', default: false},
      },
    }));
  } catch (error) {
    const code = /** @type {{code?: string}} */ (error).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS')) throw error;
    const message = /** @type {Error} */ (error).message;
    const option = /'(-[^']*)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${option}`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw new UsageError(`unexpected argument ${/'([^']*)'/.exec(message)?.[1] ?? ''}`);
    // A value missing or given to a flag: Node's first line names the option.
    throw new UsageError(message.split('\n')[0]);
  }
  const options = {
    help: values.help,
    sizes: listOption('sizes', values.sizes, SIZES),
    parts: listOption('parts', values.parts, PARTS),
    runs: wholeNumber('runs', values.runs, 1),
    keep: values.keep,
    from: values.from,
    port: wholeNumber('port', values.port, 1),
  };
  if (options.port + PORT_STEP * SIZES.length > 65535)
    throw new UsageError(`--port ${options.port} is too high`);
  if (!options.parts.includes('build')) {
    const unbuilt = options.sizes.filter((size) => !(size === '10x' && options.from));
    if (unbuilt.length > 0) {
      throw new UsageError(
        `--parts ${options.parts.join(',')} builds nothing, and only a 10x copy can be given by --from: ` +
          `add build to --parts or leave ${unbuilt.join(', ')} out of --sizes`,
      );
    }
  }
  return options;
}

/** The port a copy is served on. */
export function portOf(size, basePort) {
  return basePort + PORT_STEP * SIZES.indexOf(size);
}
