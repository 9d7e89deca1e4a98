// @ts-check
/**
 * The options of `npm run bench:scale` (read by ../shared/options.mjs, before anything is copied
 * or built: a run takes half an hour), and the port each copy is served on.
 */
import {listOption, parseCommandLine, portOption, UsageError, wholeNumber} from '../shared/options.mjs';

export {UsageError};

/** The copies grown from the portal (../shared/copies.mjs), which --from can give instead. */
export const GROWN_SIZES = ['10x', '30x', '100x'];

/** The copies a run can measure, in the order they are built and shown. */
export const SIZES = ['1x', '10x', '30x', '100x', 'large', 'large-yaml', 'releases'];

/**
 * The copies a run measures unless --sizes says: all but 30x and 100x, which show how each stage
 * grows past ten times (the bundling of 100x alone needs more memory than a 24 GB machine has; the
 * build is stopped when the machine runs low, ./build.mjs), and large-yaml, the large copy's
 * description as YAML.
 */
export const DEFAULT_SIZES = SIZES.filter((size) => !['30x', '100x', 'large-yaml'].includes(size));

/**
 * The parts of a run: the cold builds, the served pages of each, the interleaved mobile Lighthouse
 * runs, and, only when named, a warm rebuild of each copy after a guide edit (./build.mjs,
 * `warmRebuild`: two more builds per copy).
 */
export const PARTS = ['build', 'served', 'lighthouse', 'rebuild'];

/** The parts a run measures unless --parts says. */
export const DEFAULT_PARTS = PARTS.filter((part) => part !== 'rebuild');

/** The base port; each copy is served on its own, this many ports apart (in SIZES order). */
export const DEFAULT_PORT = 3390;
export const PORT_STEP = 10;

/** @type {import('../shared/options.mjs').Command} */
export const COMMAND = {
  name: 'bench:scale',
  about:
    'Builds copies of the portal, each cold in a temporary folder, and compares what the build ' +
    'costs and what a reader gets: 1x (the portal as it is), 10x (ten times its content), 30x and ' +
    '100x (thirty and a hundred times, about three and ten thousand pages; only when --sizes names ' +
    'them), large ' +
    "(GitHub's REST API description in place of the sample pet store; large-yaml, only when named: " +
    'the same written as YAML) and releases (20 more ' +
    'releases of the merchant API). Prints a table and writes bench/scale/results.json.',
  options: {
    sizes: {
      type: 'string',
      value: 'LIST',
      default: DEFAULT_SIZES.join(','),
      help: `copies to measure, any of ${SIZES.join(',')} (default: ${DEFAULT_SIZES.join(',')})`,
    },
    parts: {
      type: 'string',
      value: 'LIST',
      default: DEFAULT_PARTS.join(','),
      help:
        'build (the cold builds), served (each build served by nginx: scripts, route data, search, ' +
        'desktop TBT), lighthouse (mobile Lighthouse of the guide and the reference page of every ' +
        'copy, interleaved), rebuild (only when named: each copy rebuilt with the bundler cache of ' +
        'a build before, after one sentence added to a guide)',
    },
    runs: {
      type: 'string',
      value: 'N',
      default: '3',
      help: 'Lighthouse runs: desktop runs per copy, and rounds of the mobile runs',
    },
    keep: {
      type: 'boolean',
      help:
        'keep every copy and its build (default: all are removed at the end); a kept grown copy ' +
        'can be measured again with --from',
    },
    from: {
      type: 'string',
      value: 'FOLDER',
      help:
        'measure the grown copy in FOLDER (10x, or 30x or 100x when --sizes names it alone; kept by an ' +
        'earlier --keep run) instead of growing and building one; its build figures come from ' +
        'bench/scale/results.json when that run built it. Without build in --parts, every size must ' +
        'come from --from',
    },
    port: portOption(
      DEFAULT_PORT,
      `base port; copy i of ${SIZES.join(',')} is served on N + ${PORT_STEP} * i`,
    ),
  },
};

/**
 * The settings of a run from the command line's values (parseCommandLine).
 *
 * @param {Record<string, any>} values
 * @returns {{help: boolean, sizes: string[], parts: string[], runs: number, keep: boolean, from?: string, fromSize?: string, port: number}}
 * @throws {UsageError} a value of the wrong form, or options that cannot go together
 */
export function settle(values) {
  const options = {
    help: Boolean(values.help),
    sizes: listOption('sizes', values.sizes, SIZES),
    parts: listOption('parts', values.parts, PARTS),
    runs: wholeNumber('runs', values.runs, 1),
    keep: Boolean(values.keep),
    from: values.from,
    /** @type {string | undefined} the size whose copy --from gives */
    fromSize: undefined,
    port: wholeNumber('port', values.port, 1),
  };
  if (options.from !== undefined) {
    const grown = options.sizes.filter((size) => GROWN_SIZES.includes(size));
    if (grown.length !== 1) {
      throw new UsageError(
        `--from gives one grown copy: name one of ${GROWN_SIZES.join(', ')} in --sizes, not ${grown.join(' and ') || 'none'}`,
      );
    }
    options.fromSize = grown[0];
  }
  if (options.port + PORT_STEP * SIZES.length > 65535)
    throw new UsageError(`--port ${options.port} is too high`);
  if (!options.parts.includes('build')) {
    const unbuilt = options.sizes.filter((size) => size !== options.fromSize);
    if (unbuilt.length > 0) {
      throw new UsageError(
        `--parts ${options.parts.join(',')} builds nothing, and only a grown copy can be given by --from: ` +
          `add build to --parts or leave ${unbuilt.join(', ')} out of --sizes`,
      );
    }
  }
  return options;
}

/**
 * The options of a run, from the command line's arguments (after `--`).
 *
 * @param {string[]} args
 * @throws {UsageError} an unknown option, a value of the wrong form, or options that cannot go together
 */
export function parseOptions(args) {
  return settle(parseCommandLine(COMMAND, args));
}

/** The port a copy is served on. */
export function portOf(/** @type {string} */ size, /** @type {number} */ basePort) {
  return basePort + PORT_STEP * SIZES.indexOf(size);
}
