// @ts-check
// The code of every API request of the guides runs, as a reader would copy it from the built page,
// against a Prism mock of the merchant API (static/openapi/gerai-merchant-api.yaml, as built) that
// validates every request (`--errors`), and gets a 2xx its operation documents: Node.js and Python always, curl where it is installed. Only
// the host changes: the sandbox's becomes the mock's. The variables the code reads from the
// environment ($ACCESS_TOKEN, $CLIENT_ID...) are set. One Prism, one process per language; a program
// that several guides show runs once, and its answer counts for each.
// Run after `npm run build`.
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import createJiti from 'jiti';

import {freePort} from '../support/free-port.mjs';
import {loadFacts, root} from '../support/openapi.mjs';
import {build, guides, htmlOf, requestSampleSets} from '../support/request-samples.mjs';

const jiti = createJiti(root + '/');
const {HOSTS} = jiti('./src/constants.ts');

const SANDBOX_HOSTS = Object.values(HOSTS).map((host) => new URL(host.sandbox).host);

/** Every request of every guide shown in every language, with the 2xx statuses its operation documents. */
const documented = new Map(
  loadFacts().operations.map(({operation}) => [
    operation.operationId,
    Object.keys(operation.responses ?? {})
      .filter((status) => /^2\d\d$/.test(status))
      .map(Number),
  ]),
);
const requests = guides().flatMap((guide) =>
  requestSampleSets(htmlOf(guide.route)).map((set, index) => ({
    id: `${guide.route} #${index + 1} (${set.operation})`,
    operation: set.operation,
    code: Object.fromEntries(set.tabs.map((tab) => [tab.language, tab.code])),
  })),
);

/** A value for each variable the code reads: 64 characters of a PKCE verifier's alphabet, which every field accepts. */
function environment(names) {
  return Object.fromEntries(
    [...names].map((name) => [name, `${name.toLowerCase().replace(/_/g, '-')}-`.padEnd(64, '0')]),
  );
}

const variables = new Set(
  requests.flatMap(({code}) => [
    ...[...code.curl.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]),
    ...[...code.nodejs.matchAll(/process\.env\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]),
  ]),
);

/** Runs a program with `input` on stdin; its stdout, or a failure with its stderr. */
function run(command, args, input, env) {
  const result = spawnSync(command, args, {
    cwd: root,
    input,
    env: {...process.env, ...env},
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(result.status, 0, `${command} failed: ${result.error ?? ''}${result.stderr}`);
  return result.stdout;
}

/** What went wrong with each request: no answer, not a 2xx, or a 2xx its operation does not document. */
function failures(results) {
  return results.flatMap(({id, statuses, error}) => {
    const request = requests.find((candidate) => candidate.id === id);
    const expected = documented.get(request.operation) ?? [];
    if (statuses.length !== 1 || !expected.includes(statuses[0])) {
      return [`${id}: got ${JSON.stringify(statuses)}${error ? ` (${error})` : ''}, documented ${expected.join(', ')}`];
    }
    return [];
  });
}

describe('the code of every request of the guides runs against the mock and gets its documented 2xx', () => {
  let prism;
  let mock;

  before(async () => {
    assert.ok(requests.length >= 40, `only ${requests.length} requests found in the guides`);
    const port = await freePort();
    mock = `http://127.0.0.1:${port}`;
    prism = spawn(
      path.join(root, 'node_modules', '.bin', 'prism'),
      ['mock', '--errors', '-h', '127.0.0.1', '-p', String(port), path.join(build, 'openapi', 'gerai-merchant-api.yaml')],
      {stdio: 'ignore'},
    );
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await fetch(`${mock}/integrations/partner/v1/linked-outlets`);
        break;
      } catch {
        if (Date.now() > deadline) throw new Error('the Prism mock did not start within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  });

  after(() => prism?.kill());

  /**
   * The code of `language` of every request, its sandbox hosts made the mock's by `point`, each
   * program once with the requests that show it: guides repeat a request (the token request in
   * several of them), and the same program against the same mock, which keeps no state, gets the
   * same answer.
   */
  const samples = (language, point) => {
    const shownBy = new Map();
    for (const {id, code} of requests) {
      const program = SANDBOX_HOSTS.reduce((text, host) => point(text, host), code[language]);
      if (!shownBy.has(program)) shownBy.set(program, []);
      shownBy.get(program).push(id);
    }
    return [...shownBy].map(([code, ids]) => ({id: ids[0], shownBy: ids, code}));
  };

  /** The result of each request, from the results of `programs` (as samples() gave them, in order). */
  const perRequest = (programs, results) => {
    assert.equal(results.length, programs.length);
    const all = results.flatMap((result, index) => programs[index].shownBy.map((id) => ({...result, id})));
    assert.equal(all.length, requests.length);
    return all;
  };

  test('Node.js', () => {
    const programs = samples('nodejs', (text, host) => text.replaceAll(`https://${host}`, mock));
    const results = JSON.parse(
      run(process.execPath, [path.join('tests', 'support', 'run-node-samples.mjs')], JSON.stringify(programs), environment(variables)),
    );
    assert.deepEqual(failures(perRequest(programs, results)), []);
  });

  test('Python', () => {
    const {hostname, port} = new URL(mock);
    const programs = samples('python', (text, host) =>
      text.replaceAll(`http.client.HTTPSConnection("${host}")`, `http.client.HTTPConnection("${hostname}", ${port})`),
    );
    const results = JSON.parse(
      run('python3', [path.join('tests', 'support', 'run_python_samples.py')], JSON.stringify(programs), environment(variables)),
    );
    assert.deepEqual(failures(perRequest(programs, results)), []);
  });

  test('curl', (context) => {
    if (spawnSync('curl', ['--version']).status !== 0) {
      context.skip('curl is not installed');
      return;
    }
    // One shell runs every command; each prints its status on a line of its own. The script is a
    // file: as one argument (`bash -c`) it outgrows the system's limit on an argument's length
    // (128 KiB on Linux) at a few hundred requests.
    const programs = samples('curl', (text, host) => text.replaceAll(`https://${host}`, mock));
    const script = programs
      .map(({code}) => `${code} -sS -o /dev/null --max-time 20 -w '%{http_code}\\n' || echo failed`)
      .join('\n');
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-curl-'));
    const file = path.join(folder, 'requests.sh');
    writeFileSync(file, script);
    let output;
    try {
      output = run('bash', [file], '', environment(variables));
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
    const lines = output.trim().split('\n');
    assert.equal(lines.length, programs.length);
    const results = programs.map(({id}, index) => ({id, statuses: [Number(lines[index])].filter(Boolean)}));
    assert.deepEqual(failures(perRequest(programs, results)), []);
  });
});
