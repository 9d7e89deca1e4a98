// @ts-check
/**
 * The command line of every benchmark, read and checked before anything is copied, built or
 * measured (a run takes minutes to half an hour, and a mistyped option should cost a second, not
 * the run): `--help` lists the options and exits; a mistake (an unknown option, a value of the
 * wrong form) is said in one line that names it, and the run exits with 2.
 *
 * A benchmark describes its command once (Command), and gets its help from it.
 */
import {parseArgs} from 'node:util';

/** A mistake in the options: printed on one line, and the run exits with 2. */
export class UsageError extends Error {}

/**
 * An option of a benchmark: a value (`type: 'string'`, named `value` in the help) or a flag
 * (`type: 'boolean'`), and a line or two on what it does. A default is added to the help unless
 * `help` says it already.
 *
 * @typedef {{type: 'string', value: string, default?: string, help: string} | {type: 'boolean', help: string}} Option
 */

/**
 * A benchmark's command: its npm script (`bench:scale`), what it does (a paragraph) and its options.
 *
 * @typedef {{name: string, about: string, options: Record<string, Option>}} Command
 */

/**
 * `--port N`, the port a benchmark serves on (and, where it says so, the ones after it).
 *
 * @param {number} port the default
 * @param {string} [help]
 * @returns {Option}
 */
export function portOption(port, help = 'port of the served build') {
  return {type: 'string', value: 'N', default: String(port), help};
}

/**
 * `--build FOLDER`, the production build a benchmark serves (`npm run build` writes `build`).
 *
 * @param {string} help
 * @returns {Option}
 */
export function buildOption(help) {
  return {type: 'string', value: 'FOLDER', default: 'build', help};
}

/** The width the help is wrapped to. */
const WIDTH = 100;

/**
 * `text` in lines of at most `width` characters, each after the first indented by `indent`.
 *
 * @param {string} text @param {number} width @param {string} indent
 */
function wrap(text, width, indent) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${indent}`);
}

/**
 * What `--help` prints: the command, what it does, and each option with its default.
 *
 * @param {Command} command
 */
export function helpText(command) {
  const rows = Object.entries(command.options).map(([name, option]) => {
    const shown = option.type === 'string' ? `--${name} ${option.value}` : `--${name}`;
    const hasDefault = option.type === 'string' && option.default !== undefined;
    const saysDefault = /\(default/.test(option.help);
    return [shown, hasDefault && !saysDefault ? `${option.help} (default: ${option.default})` : option.help];
  });
  rows.push(['--help', 'print this and exit']);
  const column = Math.max(...rows.map(([shown]) => shown.length)) + 2;
  const indent = ' '.repeat(2 + column);
  const options = rows.map(
    ([shown, help]) => `  ${shown.padEnd(column)}${wrap(help, WIDTH - indent.length, indent)}`,
  );
  return [
    `npm run ${command.name} [-- options]`,
    '',
    wrap(command.about, WIDTH, ''),
    '',
    'Options:',
    ...options,
  ].join('\n');
}

/**
 * The values of the command line's arguments (after `--`), each option's default where it is
 * not given, and `help`.
 *
 * @param {Command} command
 * @param {string[]} args
 * @returns {Record<string, string | boolean | undefined> & {help: boolean}}
 * @throws {UsageError} an unknown option, an argument that is no option, a value missing
 */
export function parseCommandLine(command, args) {
  /** @type {import('node:util').ParseArgsConfig['options']} */
  const options = {help: {type: 'boolean', default: false}};
  for (const [name, option] of Object.entries(command.options)) {
    options[name] =
      option.type === 'string'
        ? {type: 'string', ...(option.default === undefined ? {} : {default: option.default})}
        : {type: 'boolean', default: false};
  }
  try {
    const {values} = parseArgs({args, options, strict: true, allowPositionals: false});
    return /** @type {any} */ (values);
  } catch (error) {
    const code = /** @type {{code?: string}} */ (error).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS')) throw error;
    const message = /** @type {Error} */ (error).message;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      throw new UsageError(`unknown option ${/'(-[^']*)'/.exec(message)?.[1] ?? message.split('\n')[0]}`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw new UsageError(`unexpected argument ${/'([^']*)'/.exec(message)?.[1] ?? ''}`);
    // A value missing or given to a flag: Node's first line names the option.
    throw new UsageError(message.split('\n')[0]);
  }
}

/**
 * Prints a mistake in the options on one line and exits with 2.
 *
 * @param {Command} command
 * @param {string} message
 * @returns {never}
 */
export function usage(command, message) {
  console.error(`${command.name}: ${message} (npm run ${command.name} -- --help lists the options)`);
  process.exit(2);
}

/**
 * The options of this run of `command`: this process's arguments, read, then turned into the
 * run's settings by `settle` (which throws UsageError on a value of the wrong form). `--help`
 * prints the help and exits with 0; a mistake, one line and exit code 2.
 *
 * @template T
 * @param {Command} command
 * @param {(values: Record<string, any>) => T} settle
 * @param {string[]} [args]
 * @returns {T}
 */
export function readCommandLine(command, settle, args = process.argv.slice(2)) {
  try {
    const values = parseCommandLine(command, args);
    if (values.help) {
      console.log(helpText(command));
      process.exit(0);
    }
    return settle(values);
  } catch (error) {
    if (error instanceof UsageError) usage(command, error.message);
    throw error;
  }
}

/**
 * A comma-separated list of names, each one of `allowed`, in the order of `allowed` and once each.
 *
 * @param {string} name the option's name
 * @param {string} value
 * @param {string[]} allowed
 */
export function listOption(name, value, allowed) {
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

/**
 * A whole number of at least `min`.
 *
 * @param {string} name the option's name
 * @param {string} value
 * @param {number} min
 */
export function wholeNumber(name, value, min) {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min)
    throw new UsageError(`--${name} takes a whole number of at least ${min}, not "${value}"`);
  return number;
}
