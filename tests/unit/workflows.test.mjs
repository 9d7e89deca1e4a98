// @ts-check
// The GitHub Actions workflows: least privilege, pinned actions, one run at a time.
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import {parse} from 'yaml';

import {root} from '../support/openapi.mjs';

const folder = path.join(root, '.github', 'workflows');
const workflows = readdirSync(folder)
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => {
    const text = readFileSync(path.join(folder, name), 'utf8');
    return {name, text, workflow: parse(text)};
  });

/** Every `uses:` line of a workflow's text, with its trailing comment. */
const usesLines = (text) => text.split('\n').filter((line) => /^\s*(- )?uses:/.test(line));

describe('GitHub Actions workflows', () => {
  test('there is a CI workflow and a deployment workflow', () => {
    assert.deepEqual(workflows.map(({name}) => name).sort(), ['ci.yml', 'deploy.yml']);
  });

  test('CI runs the README test command', () => {
    const ci = workflows.find(({name}) => name === 'ci.yml').workflow;
    const commands = Object.values(ci.jobs).flatMap((job) => job.steps.map((step) => step.run ?? ''));
    assert.ok(commands.includes('npm ci && npm test'), commands.join('\n'));
  });

  test('CI tests on every LTS line of Node.js that package.json supports, and the deployment builds on the first', () => {
    const {engines} = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    // `^24.11.0 || ^26.0.0`: each range one line of Node.js.
    const lines = engines.node.split('||').map((range) => Number(/^\s*\^(\d+)\./.exec(range)?.[1]));
    assert.ok(lines.length > 0 && lines.every((line) => line % 2 === 0), engines.node);
    const setupNode = (job) => job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    const ci = workflows.find(({name}) => name === 'ci.yml').workflow.jobs.test;
    assert.deepEqual(ci.strategy.matrix.node, lines);
    assert.equal(setupNode(ci).with['node-version'], '${{ matrix.node }}');
    const deploy = workflows.find(({name}) => name === 'deploy.yml').workflow.jobs.build;
    assert.equal(setupNode(deploy).with['node-version'], lines[0]);
  });

  test('deployment publishes build/ to GitHub Pages, with write access only in its deploy job', () => {
    const {workflow} = workflows.find(({name}) => name === 'deploy.yml');
    const upload = workflow.jobs.build.steps.find((step) =>
      step.uses?.startsWith('actions/upload-pages-artifact@'),
    );
    assert.equal(upload?.with?.path, 'build');
    assert.ok(workflow.jobs.deploy.steps.some((step) => step.uses?.startsWith('actions/deploy-pages@')));
    assert.deepEqual(workflow.jobs.deploy.permissions, {pages: 'write', 'id-token': 'write'});
    assert.equal(workflow.jobs.build.permissions, undefined, 'the build job keeps the read-only default');
  });

  for (const {name, text, workflow} of workflows) {
    test(`${name} grants only read access to the repository by default`, () => {
      assert.deepEqual(workflow.permissions, {contents: 'read'});
    });

    test(`${name} has a concurrency group`, () => {
      assert.ok(workflow.concurrency?.group, 'no concurrency group');
    });

    test(`${name} pins every action to a commit, with its version in a comment`, () => {
      const lines = usesLines(text);
      assert.ok(lines.length > 0);
      const loose = lines.filter(
        (line) => !/uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*\s*$/.test(line),
      );
      assert.deepEqual(loose, []);
    });

    test(`${name} gives every job a time limit`, () => {
      for (const [id, job] of Object.entries(workflow.jobs)) {
        assert.ok(job['timeout-minutes'] > 0, `job ${id} has no timeout-minutes`);
      }
    });
  }
});
