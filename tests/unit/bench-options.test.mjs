// @ts-check
// Every benchmark reads its options before it copies, builds or measures anything
// (bench/shared/options.mjs): `--help` lists them and exits with 0; an unknown option, or a value
// of the wrong form, is named in one line on stderr, without a stack trace, and the run exits with 2.
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {promisify} from 'node:util';

import {
  helpText,
  listOption,
  parseCommandLine,
  UsageError,
  wholeNumber,
} from '../../bench/shared/options.mjs';
import {root} from '../support/openapi.mjs';

/** Each npm script of a benchmark, its entry, and the options its help must name. */
const COMMANDS = {
  bench: {
    entry: 'bench/pages/index.mjs',
    options: ['--only', '--pages', '--runs', '--build', '--port', '--check', '--from'],
  },
  'bench:search': {entry: 'bench/search/index.mjs', options: ['--build', '--port', '--latency']},
  'bench:mcp': {
    entry: 'bench/mcp/index.mjs',
    options: ['--build', '--port', '--clients', '--seconds', '--size', '--workers'],
  },
  'bench:suite': {entry: 'bench/suite/index.mjs', options: ['--keep']},
  'bench:scale': {
    entry: 'bench/scale/index.mjs',
    options: ['--sizes', '--parts', '--runs', '--keep', '--from', '--port'],
  },
  'bench:writer': {
    entry: 'bench/writer/index.mjs',
    options: ['--sizes', '--edits', '--starts', '--limit', '--start-limit', '--port', '--keep'],
  },
};

/** Runs a benchmark's entry with `args`; resolves with its exit code and output, whatever the code. */
async function run(entry, args) {
  try {
    const {stdout, stderr} = await promisify(execFile)(process.execPath, [path.join(root, entry), ...args], {
      cwd: root,
    });
    return {status: 0, stdout, stderr};
  } catch (error) {
    return {status: error.code, stdout: error.stdout, stderr: error.stderr};
  }
}

describe('the command line of every benchmark', () => {
  const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;

  for (const [name, {entry, options}] of Object.entries(COMMANDS)) {
    test(`npm run ${name} runs ${entry}`, () => {
      assert.equal(scripts[name], `node ${entry}`);
    });

    test(`npm run ${name} -- --help lists its options`, async () => {
      const help = await run(entry, ['--help']);
      assert.equal(help.status, 0, help.stderr);
      assert.ok(help.stdout.startsWith(`npm run ${name} [-- options]\n`), help.stdout);
      for (const option of [...options, '--help']) {
        assert.match(help.stdout, new RegExp(`^ {2}${option}\\b`, 'm'), `--help names ${option}`);
      }
    });

    test(`npm run ${name} names an unknown option in one line and exits with 2`, async () => {
      const unknown = await run(entry, ['--nope']);
      assert.equal(unknown.status, 2);
      assert.equal(unknown.stdout, '');
      assert.deepEqual(unknown.stderr.trim().split('\n'), [
        `${name}: unknown option --nope (npm run ${name} -- --help lists the options)`,
      ]);
    });
  }

  test('a value of the wrong form is named in one line too', async () => {
    const wrong = await run(COMMANDS.bench.entry, ['--runs', 'three']);
    assert.equal(wrong.status, 2);
    assert.deepEqual(wrong.stderr.trim().split('\n'), [
      'bench: --runs takes a whole number of at least 1, not "three" (npm run bench -- --help lists the options)',
    ]);
  });
});

describe('reading options', () => {
  /** @type {import('../../bench/shared/options.mjs').Command} */
  const command = {
    name: 'bench:example',
    about: 'Measures an example.',
    options: {
      runs: {type: 'string', value: 'N', default: '3', help: 'how many runs'},
      sizes: {type: 'string', value: 'LIST', default: '1x', help: 'copies (default: the first)'},
      keep: {type: 'boolean', help: 'keep the copies'},
    },
  };

  test('defaults fill in what is not given; flags are false unless given', () => {
    assert.deepEqual({...parseCommandLine(command, [])}, {help: false, runs: '3', sizes: '1x', keep: false});
    assert.deepEqual(
      {...parseCommandLine(command, ['--runs', '5', '--keep', '--help'])},
      {help: true, runs: '5', sizes: '1x', keep: true},
    );
  });

  test('an unknown option, an argument and a missing value are usage errors, each in one line', () => {
    assert.throws(() => parseCommandLine(command, ['--run', '5']), new UsageError('unknown option --run'));
    assert.throws(() => parseCommandLine(command, ['5']), new UsageError('unexpected argument 5'));
    assert.throws(
      () => parseCommandLine(command, ['--runs']),
      (error) => error instanceof UsageError && !error.message.includes('\n') && /--runs/.test(error.message),
    );
  });

  test('the help names each option with its value and default, the help option last', () => {
    const help = helpText(command);
    assert.match(help, /^npm run bench:example \[-- options\]\n\nMeasures an example\.\n\nOptions:\n/);
    assert.match(help, /^ {2}--runs N {6}how many runs \(default: 3\)$/m);
    // A help that says its default is left as it is.
    assert.match(help, /^ {2}--sizes LIST {2}copies \(default: the first\)$/m);
    assert.match(help, /^ {2}--keep {8}keep the copies$/m);
    assert.equal(help.split('\n').at(-1), '  --help        print this and exit');
    for (const line of help.split('\n')) assert.ok(line.length <= 100, line);
  });

  test('a list takes known names only, and gives them in their own order, once each', () => {
    assert.deepEqual(listOption('sizes', '10x, 1x,10x', ['1x', '10x']), ['1x', '10x']);
    assert.throws(() => listOption('sizes', '1x,2x', ['1x', '10x']), /--sizes takes 1x, 10x; unknown: 2x/);
    assert.throws(() => listOption('sizes', ' , ', ['1x']), /--sizes names none of 1x/);
  });

  test('a whole number has no sign, fraction or unit, and is at least its minimum', () => {
    assert.equal(wholeNumber('runs', '12', 1), 12);
    assert.equal(wholeNumber('latency', '0', 0), 0);
    for (const value of ['0', '-1', '1.5', '2s', '']) {
      assert.throws(() => wholeNumber('runs', value, 1), UsageError);
    }
  });
});
