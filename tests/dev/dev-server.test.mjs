// @ts-check
/* global document -- functions passed to page.evaluate run in the page */
// `npm start` as a writer uses it, in a copy of the repository (tests/support/repository-copy.mjs):
// a guide and an operation's reference page open in Chromium while their sources are edited. Each
// edit shows in the open page with no restart and no other command; a broken description or page
// shows its file and line in the terminal and in the page, the last good page stays under it, and
// mending the file brings the page back. How long each takes is `npm run bench:writer`'s to
// measure, not this test's.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {stripVTControlCharacters} from 'node:util';

import {chromium} from '@playwright/test';

import {CHROMIUM_ARGS, testBrowserPath} from '../../bench/shared/browser.mjs';
import {startDevServer} from '../support/dev-server.mjs';
import {freePort} from '../support/free-port.mjs';
import {copyRepository} from '../support/repository-copy.mjs';

const GUIDE = {
  file: 'docs/docs/getting-started.mdx',
  route: '/docs/docs/getting-started',
  title: 'Getting started',
};
const OPERATION = {
  file: 'openapi/gerai/outlets.yaml',
  route: '/docs/api/outlet-information/get-all-outlets',
  page: 'docs/api/outlet-information/get-all-outlets.api.mdx',
  sidebar: 'docs/api/outlet-information/sidebar.ts',
  summary: 'Get all outlets',
};

/** Long enough for a compilation on a busy two-core machine; a test fails only when it never comes. */
const SHOWN_WITHIN = 120_000;
/**
 * The same for the start of a new clone, which generates the reference (the earlier releases'
 * pages included) and compiles the application first: 87 s with the suite's other files beside it
 * on a two-core machine.
 */
const STARTED_WITHIN = 300_000;

/** How long the server has compiled nothing before the first edit (ms). */
const AT_REST = 1_500;

/** The text of the page and of every frame in it: the development server's overlay is a frame. */
async function visibleText(page) {
  const texts = await Promise.all(
    page.frames().map((frame) => frame.evaluate(() => document.body?.innerText ?? '').catch(() => '')),
  );
  return texts.join('\n');
}

/**
 * How often a check looks at the page. Reading the text of a whole page lays it out: every 100 ms,
 * the looking took 104 CPU seconds of this file's run, every 500 ms 81, and the server it waits
 * for shares those two cores.
 */
const LOOK_EVERY = 500;

/**
 * Resolves once `check` holds; fails with `what` and what `detail()` resolves to when it never does
 * within `limit` ms.
 */
async function until(what, check, detail = async () => '', limit = SHOWN_WITHIN) {
  const deadline = Date.now() + limit;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY));
  }
  assert.fail(`${what}: not within ${limit / 1000} s. ${await detail()}`);
}

describe('the development server (npm start) as a writer edits', () => {
  let copy;
  let server;
  let browser;
  let page;
  const read = (file) => readFileSync(path.join(copy, file), 'utf8');
  const write = (file, text) => writeFileSync(path.join(copy, file), text);
  const title = () => page.evaluate(() => document.querySelector('main h1, article h1')?.textContent?.trim());
  /** The label of the sidebar's entry for the page shown. */
  const sidebarLabel = () =>
    page.evaluate(() =>
      document
        .querySelector('.theme-doc-sidebar-menu a.menu__link[aria-current="page"]')
        ?.textContent?.trim(),
    );
  /** What the page's console said: the development server's client logs its warnings and errors there. */
  const consoleLines = [];
  const tail = async () =>
    [
      `What the server printed last (seconds since npm start):\n${server.timedOutput().slice(-3000)}`,
      `What the page's console said last:\n${consoleLines.slice(-20).join('\n') || '(nothing)'}`,
      `The page at ${page.url()}, its heading ${JSON.stringify(await title().catch(String))}.`,
    ].join('\n\n');

  before(async () => {
    // The whole description: the guides' requests name its operations.
    copy = copyRepository('gerai-dev-server-test-');
    server = startDevServer(copy, {port: await freePort()});
    browser = await chromium.launch({executablePath: testBrowserPath(), args: CHROMIUM_ARGS});
    page = await browser.newPage();
    page.on('console', (message) =>
      consoleLines.push(`${(server.elapsed() / 1000).toFixed(1)} ${message.type()}: ${message.text()}`),
    );
    await openGuide('npm start');
  });

  /** Opens the guide once the server started answers, and waits until the server is at rest. */
  async function openGuide(what) {
    await until(
      `the guide, after ${what}`,
      async () => {
        if (page.url() !== server.origin + GUIDE.route) {
          const response = await page.goto(server.origin + GUIDE.route, {timeout: 10_000});
          if (!response?.ok()) await page.goto('about:blank');
        }
        return (await title()) === GUIDE.title;
      },
      tail,
      STARTED_WITHIN,
    );
    // The first visit compiles the page's modules one request after another (lazy compilation);
    // a writer starts typing once the page is in place, and so does this test: once the server has
    // compiled nothing for a moment.
    await until(
      'the server at rest after the first visit',
      async () => server.elapsed() - (server.lastPrintedAt(/\bcompiled\b/) ?? 0) > AT_REST,
      tail,
    );
  }

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (copy) rmSync(copy, {recursive: true, force: true});
  });

  test('a sentence added to a guide shows in the open page', async () => {
    const original = read(GUIDE.file);
    const sentence = `A sentence the writer just added, ${Date.now()}.`;
    write(GUIDE.file, `${original.trimEnd()}\n\n${sentence}\n`);
    try {
      await until('the new sentence', async () => (await visibleText(page)).includes(sentence), tail);
    } finally {
      write(GUIDE.file, original);
    }
    await until('the guide as it was', async () => !(await visibleText(page)).includes(sentence), tail);
  });

  test(
    "the API reference's background work runs at a lower priority than the server's compilations",
    {skip: process.platform !== 'linux' && "a process's niceness is its main thread's on Linux alone"},
    async () => {
      // scripts/start-site/reference.ts: its warm-up came as a writer edited the page just opened.
      /** The niceness of each process of the server's group, by what it runs. */
      const niceness = () =>
        execFileSync('ps', ['-o', 'ni=,args=', '--sid', String(server.pid)], {encoding: 'utf8'})
          .split('\n')
          .flatMap((line) => {
            const match = /^\s*(-?\d+)\s+(.*)$/.exec(line);
            return match ? [{ni: Number(match[1]), args: match[2] ?? ''}] : [];
          });
      const keeper = () =>
        niceness().find(({args}) => args.startsWith('node ') && args.includes('scripts/start-site/'));
      await until(
        'the warm-up of the API reference',
        async () => keeper()?.ni === 10,
        async () => JSON.stringify(niceness()),
      );
      assert.equal(niceness().find(({args}) => args.includes('docusaurus start'))?.ni, 0);
    },
  );

  test('a file written to the static folder while the server runs is served as it is on disk', async () => {
    // As the downloads are: the server serves the folder, and no longer copies it into each
    // compilation (src/plugins/dev-server, item 5).
    const file = 'static/dev-server-test.txt';
    const text = `Written while the server runs, ${Date.now()}.\n`;
    write(file, text);
    try {
      const answer = await fetch(`${server.origin}/dev-server-test.txt`);
      assert.equal(answer.status, 200, await tail());
      assert.equal(await answer.text(), text);
      const logo = await fetch(`${server.origin}/img/logo.svg`);
      assert.equal(logo.status, 200);
      assert.equal(await logo.text(), read('static/img/logo.svg'));
    } finally {
      rmSync(path.join(copy, file), {force: true});
    }
  });

  test('a summary changed in the description shows on its operation page and in the sidebar; the page alone is rewritten', async () => {
    await page.goto(server.origin + OPERATION.route);
    await until('the operation page', async () => (await title()) === OPERATION.summary, tail);
    const generated = [
      OPERATION.page,
      OPERATION.sidebar,
      'docs/api/outlet-information/get-authenticated-outlet-information.api.mdx',
    ];
    const modified = () => generated.map((file) => statSync(path.join(copy, file)).mtimeMs);
    const before = modified();
    const original = read(OPERATION.file);
    const summary = `${OPERATION.summary} the writer renamed`;
    const printed = server.output().length;
    write(OPERATION.file, original.replace(`summary: ${OPERATION.summary}\n`, `summary: ${summary}\n`));
    try {
      await until('the new summary as the page title', async () => (await title()) === summary, tail);
      await until('the new summary in the sidebar', async () => (await sidebarLabel()) === summary, tail);
      const [pageAfter, sidebarAfter, otherAfter] = modified();
      assert.notEqual(pageAfter, before[0], 'the operation page is written');
      assert.equal(sidebarAfter, before[1], "the sidebar keeps its bytes: the label is the page's own");
      assert.equal(otherAfter, before[2], 'another operation of the section keeps its page as it was');
      assert.match(
        server.outputSince(printed),
        /API reference updated from openapi\/gerai\/outlets\.yaml in [\d.]+ s: wrote docs\/api\/outlet-information\/get-all-outlets\.api\.mdx\./,
      );
    } finally {
      write(OPERATION.file, original);
    }
    await until('the summary as it was', async () => (await title()) === OPERATION.summary, tail);
  });

  test("an operation page's request panel opens, with the operation the server wrote beside the page", async () => {
    await page.goto(server.origin + OPERATION.route);
    await until('the operation page', async () => (await title()) === OPERATION.summary, tail);
    await until(
      'the request panel ready',
      async () => page.getByRole('button', {name: 'Open the request panel'}).isEnabled(),
      tail,
    );
    await page.getByRole('button', {name: 'Open the request panel'}).click();
    await until(
      'the open request panel',
      async () => page.getByRole('button', {name: 'Send API Request'}).isVisible(),
      tail,
    );
  });

  /** An operation of the sample's place, where an owner puts a description of any size. */
  const OWN = {
    file: 'openapi/petstore.yaml',
    route: '/api/find-pet-by-id',
    page: 'api/find-pet-by-id.api.mdx',
    sidebar: 'api/sidebar.ts',
    other: 'api/finds-pets-by-status.api.mdx',
    summary: 'Find pet by ID',
  };

  test("a description changed in an owner's description rewrites that operation's page alone, and a problem of it is named in the owner's file", async () => {
    await page.goto(server.origin + OWN.route);
    await until("the owner's operation page", async () => (await title()) === OWN.summary, tail);
    const modified = () =>
      [OWN.page, OWN.sidebar, OWN.other].map((file) => statSync(path.join(copy, file)).mtimeMs);
    const before = modified();
    const original = read(OWN.file);
    const sentence = `Described again by its owner at ${Date.now()}.`;
    const opening = `summary: ${OWN.summary}\n      description: |\n`;
    assert.ok(original.includes(opening), `the test no longer finds the description of ${OWN.summary}`);
    let printed = server.output().length;
    write(OWN.file, original.replace(opening, `${opening}        ${sentence}\n`));
    try {
      await until(
        'the new sentence in the page',
        async () => (await visibleText(page)).includes(sentence),
        tail,
      );
      const [pageAfter, sidebarAfter, otherAfter] = modified();
      assert.notEqual(pageAfter, before[0], 'the operation page is written');
      assert.equal(sidebarAfter, before[1], 'the sidebar keeps its bytes');
      assert.equal(otherAfter, before[2], 'another operation keeps its page as it was');
      assert.match(
        server.outputSince(printed),
        /API reference updated from openapi\/petstore\.yaml in [\d.]+ s: wrote api\/find-pet-by-id\.api\.mdx\./,
      );

      // Linted with that operation alone, a problem is still located in the owner's file.
      const example = original.indexOf('                id: 10\n', original.indexOf(opening));
      const broken = `${original.slice(0, example)}                id: not-a-number\n${original.slice(example + '                id: 10\n'.length)}`;
      const line = broken.slice(0, example).split('\n').length;
      printed = server.output().length;
      write(OWN.file, broken);
      const expected = new RegExp(
        `openapi/petstore\\.yaml:${line}:\\d+ {2}error {2}no-invalid-media-type-examples`,
      );
      await until('the problem in the page', async () => expected.test(await visibleText(page)), tail);
      assert.match(server.outputSince(printed), expected);
    } finally {
      write(OWN.file, original);
    }
    await until(
      'the page as it was, without the problem',
      async () =>
        !(await visibleText(page)).includes(sentence) &&
        !/no-invalid-media-type-examples/.test(await visibleText(page)),
      tail,
    );
    assert.ok(existsSync(path.join(copy, OWN.sidebar)), 'the sidebar is still in place');
  });

  /** Each kind of broken description: what breaks it, and what the linter names. */
  const BROKEN = [
    {
      kind: 'YAML that does not parse',
      breakIt: (text) => text.replace(`summary: ${OPERATION.summary}\n`, `summary: [${OPERATION.summary}\n`),
      expected: /openapi\/gerai\/outlets\.yaml:\d+:\d+ {2}error {2}yaml-syntax {2}\S/,
    },
    {
      kind: 'a $ref to nothing',
      breakIt: (text) => text.replace(/parameters\/page\b/, 'parameters/no-such-parameter'),
      expected: /openapi\/gerai\/outlets\.yaml:\d+:\d+ {2}error {2}no-unresolved-refs {2}Can't resolve \$ref/,
    },
    {
      kind: 'a lint error',
      breakIt: (text) => text.replace('operationId: getAllOutlets', 'operationId: get all outlets'),
      expected: /openapi\/gerai\/outlets\.yaml:\d+:\d+ {2}error {2}operation-operationId-url-safe {2}\S/,
    },
  ];

  for (const {kind, breakIt, expected} of BROKEN) {
    test(`a description broken by ${kind} is named with its file and line in the terminal and the page, the last good page stays, and mending it recovers`, async () => {
      await page.goto(server.origin + OPERATION.route);
      await until('the operation page', async () => (await title()) === OPERATION.summary, tail);
      const original = read(OPERATION.file);
      const broken = breakIt(original);
      assert.notEqual(broken, original, `the test no longer breaks ${OPERATION.file} by ${kind}`);
      const printed = server.output().length;
      write(OPERATION.file, broken);
      try {
        await until('the problem in the page', async () => expected.test(await visibleText(page)), tail);
        assert.match(server.outputSince(printed), expected);
        assert.match(
          await visibleText(page),
          /The API description has problems: the reference shows its last good version/,
        );
        assert.equal(await title(), OPERATION.summary, 'the last good page stays under the message');
      } finally {
        write(OPERATION.file, original);
      }
      await until(
        'the page without the problem',
        async () => !expected.test(await visibleText(page)) && (await title()) === OPERATION.summary,
        tail,
      );
      assert.match(server.output(), /The API description has no problems any more/);
    });
  }

  test('a broken MDX page is named with its file and line in the page, and mending it recovers', async () => {
    await page.goto(server.origin + GUIDE.route);
    await until('the guide', async () => (await title()) === GUIDE.title, tail);
    const original = read(GUIDE.file);
    const lines = original.trimEnd().split('\n').length;
    write(GUIDE.file, `${original.trimEnd()}\n\n<div>A tag never closed\n`);
    const named = new RegExp(`docs/docs/getting-started\\.mdx[\\s\\S]*\\b${lines + 2}:1\\b`);
    try {
      await until('the MDX error in the page', async () => named.test(await visibleText(page)), tail);
    } finally {
      write(GUIDE.file, original);
    }
    await until(
      'the guide without the error',
      async () => !named.test(await visibleText(page)) && (await title()) === GUIDE.title,
      tail,
    );
  });

  test("a start after Docusaurus's generated files are removed, the bundler's cache kept, compiles the guide without an error", async () => {
    // The cache keeps each page's compiled module, with its imports, from one start to the next;
    // what a module imports must outlive `.docusaurus/`, which a writer may remove alone.
    await server.stop();
    rmSync(path.join(copy, '.docusaurus'), {recursive: true, force: true});
    await page.goto('about:blank');
    server = startDevServer(copy, {port: await freePort()});
    await openGuide('npm start again');
    assert.doesNotMatch(
      stripVTControlCharacters(server.output()),
      /Cannot find module|compiled with \d+ errors?/,
      await tail(),
    );
  });
});
