// @ts-check
// npm run api:changes: each kind of change, made one at a time to a copy of the merchant API's
// description (its last release, one joined file), is named by its operation or event and rated
// breaking or not as the maintainers' guide lists; `--check` holds the changelog to the description.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import createJiti from 'jiti';
import {parse, stringify} from 'yaml';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {nameChanges, redoclyDiff} = jiti('./src/api-reference/changes/report.ts');
const {listReleases, releaseFile} = jiti('./src/api-reference/changes/release-snapshots.ts');
const {referencePages, renderReleaseNotes} = jiti('./src/api-reference/changes/release-notes.ts');
const {earlierReleaseNotice, readReleaseHistory, releaseContents, releaseLine, releaseLinks} = jiti(
  './src/api-reference/releases.ts',
);
const {createMerchantApiPageMarkdown} = jiti('./src/api-reference/page/markdown.ts');

const scratch = mkdtempSync(path.join(tmpdir(), 'gerai-api-changes-test-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

const base = parse(readFileSync(releaseFile(root, listReleases(root).at(-1)), 'utf8'));
// Each edited copy is written as JSON, which `redocly diff` reads as it reads YAML, and the release
// it is compared with too: writing and reading the whole description as YAML took most of a case.
const baseFile = path.join(scratch, 'base.json');
writeFileSync(baseFile, JSON.stringify(base));

const LIST = '/integrations/partner/v1/linked-outlets';
const LIST_OP = `GET ${LIST}`;
const REJECT_OP = 'PUT /integrations/food/outlets/{outlet_id}/v1/orders/{order_type}/{order_id}/cancelled';
const CREATE_TRANSACTION = 'POST /integrations/payment/outlets/{outlet_id}/v2/transactions';
const GET_OUTLET = 'GET /integrations/partner/outlets/{outlet_id}/v1';
const productParameter = (doc) =>
  doc.paths[LIST].get.parameters.find((parameter) => parameter.name === 'product');

/**
 * Each edit, what it must be reported as: the operation or event, words of the change, breaking or not.
 * An edit changes the parsed description in place, wherever it likes: it is typed as loosely as YAML is.
 *
 * @type {[
 *   title: string,
 *   edit: (doc: any) => unknown,
 *   expected: {operation?: string, event?: string, change: string, breaking: boolean, deprecation?: boolean},
 * ][]}
 */
const CASES = [
  [
    'an operation removed',
    (doc) => delete doc.paths[LIST].get,
    {operation: LIST_OP, change: 'operation removed', breaking: true},
  ],
  [
    'a webhook event removed',
    (doc) => delete doc.webhooks['payment.transaction.expired'],
    {event: 'payment.transaction.expired', change: 'event removed', breaking: true},
  ],
  [
    'a required query parameter added',
    (doc) =>
      doc.paths[LIST].get.parameters.push({
        name: 'region',
        in: 'query',
        required: true,
        schema: {type: 'string'},
      }),
    {operation: LIST_OP, change: 'query parameter region added', breaking: true},
  ],
  [
    'an optional parameter made required',
    (doc) => (productParameter(doc).required = true),
    {operation: LIST_OP, change: 'query parameter product: required', breaking: true},
  ],
  [
    'a request parameter removed',
    (doc) =>
      doc.paths[LIST].get.parameters.splice(doc.paths[LIST].get.parameters.indexOf(productParameter(doc)), 1),
    {operation: LIST_OP, change: 'query parameter product removed', breaking: true},
  ],
  [
    "a request parameter's type changed",
    (doc) => (productParameter(doc).schema = {type: 'integer'}),
    {
      operation: LIST_OP,
      change: 'query parameter product: type changed from "string" to "integer"',
      breaking: true,
    },
  ],
  [
    "a request parameter's allowed values narrowed",
    (doc) => (productParameter(doc).schema.enum = ['food', 'payment']),
    {operation: LIST_OP, change: 'query parameter product: allowed values removed: "pos"', breaking: true},
  ],
  [
    'a request body field added as required',
    (doc) => {
      const schema = doc.components.schemas.RejectOrderRequest;
      schema.properties.note = {type: 'string'};
      schema.required.push('note');
    },
    {operation: REJECT_OP, change: 'request body field note added, required', breaking: true},
  ],
  [
    'a request body field made required',
    (doc) => doc.components.schemas.RejectOrderRequest.required.push('cancel_reason_description'),
    {
      operation: REJECT_OP,
      change: 'request body field cancel_reason_description made required',
      breaking: true,
    },
  ],
  [
    'a request body field removed',
    (doc) => delete doc.components.schemas.RejectOrderRequest.properties.cancel_reason_description,
    {operation: REJECT_OP, change: 'request body field cancel_reason_description removed', breaking: true},
  ],
  [
    "a request body field's format narrowed",
    (doc) =>
      (doc.components.schemas.RejectOrderRequest.properties.cancel_reason_description.format = 'email'),
    {
      operation: REJECT_OP,
      change: 'request body field cancel_reason_description: format set to "email"',
      breaking: true,
    },
  ],
  [
    "a request body field's allowed values narrowed",
    (doc) => doc.components.schemas.RejectOrderRequest.properties.cancel_reason_code.enum.pop(),
    {
      operation: REJECT_OP,
      change: 'request body field cancel_reason_code: allowed values removed: "OTHERS"',
      breaking: true,
    },
  ],
  [
    'an optional response field removed, at every operation that returns it',
    (doc) => delete doc.components.schemas.Transaction.properties.customer_details,
    {operation: CREATE_TRANSACTION, change: 'field data.customer_details removed', breaking: true},
  ],
  [
    "a response field's type changed, at every operation that returns it",
    (doc) => (doc.components.schemas.Outlet.properties.name.type = 'integer'),
    {
      operation: GET_OUTLET,
      change: 'response 200 field data.name: type changed from "string" to "integer"',
      breaking: true,
    },
  ],
  [
    'a success status code removed',
    (doc) => delete doc.paths[LIST].get.responses['200'],
    {operation: LIST_OP, change: 'response 200 removed', breaking: true},
  ],
  [
    'a webhook payload field removed',
    (doc) => delete doc.components.schemas.TransactionEventBody.properties.transaction.properties.settled_at,
    {
      event: 'payment.transaction.settlement',
      change: 'payload field body.transaction.settled_at removed',
      breaking: true,
    },
  ],
  [
    'a scope added to an operation',
    (doc) => doc.paths[LIST].get.security[0].OAuth2.push('partner:outlet:write'),
    {operation: LIST_OP, change: 'scope partner:outlet:write added', breaking: true},
  ],
  [
    'an operation added',
    (doc) =>
      (doc.paths['/integrations/partner/v1/outlet-groups'] = {
        get: {
          operationId: 'listOutletGroups',
          summary: 'List outlet groups',
          responses: {200: {description: 'The groups.'}},
        },
      }),
    {operation: 'GET /integrations/partner/v1/outlet-groups', change: 'operation added', breaking: false},
  ],
  [
    'a webhook event added',
    (doc) =>
      (doc.webhooks['payment.transaction.refunded'] = structuredClone(
        doc.webhooks['payment.transaction.expired'],
      )),
    {event: 'payment.transaction.refunded', change: 'event added', breaking: false},
  ],
  [
    'an optional parameter added',
    (doc) => doc.paths[LIST].get.parameters.push({name: 'region', in: 'query', schema: {type: 'string'}}),
    {operation: LIST_OP, change: 'query parameter region added', breaking: false},
  ],
  [
    'a response field added',
    (doc) => (doc.components.schemas.Outlet.properties.rating = {type: 'number'}),
    {operation: GET_OUTLET, change: 'response 200 field data.rating added', breaking: false},
  ],
  [
    'an allowed value added to a request',
    (doc) => productParameter(doc).schema.enum.push('ads'),
    {operation: LIST_OP, change: 'query parameter product: allowed values added: "ads"', breaking: false},
  ],
  [
    'a description changed',
    (doc) => (doc.paths[LIST].get.description = 'Lists the outlets of your client.'),
    {operation: LIST_OP, change: 'operation: description changed', breaking: false},
  ],
  [
    'an operation marked deprecated',
    (doc) => (doc.paths[LIST].get.deprecated = true),
    {operation: LIST_OP, change: 'operation deprecated', breaking: false, deprecation: true},
  ],
];

describe('npm run api:changes names and rates each kind of change', {concurrency: 2}, () => {
  for (const [title, edit, expected] of CASES) {
    test(title, async () => {
      const doc = structuredClone(base);
      edit(doc);
      const file = path.join(scratch, `${title.replace(/\W+/g, '-')}.json`);
      writeFileSync(file, JSON.stringify(doc));
      const changes = nameChanges(await redoclyDiff(baseFile, file), {base, revision: doc});
      const owner = expected.operation ?? expected.event;
      const found = changes.find(
        (change) => (change.operation ?? change.event) === owner && change.change.includes(expected.change),
      );
      assert.ok(
        found,
        `no change "${expected.change}" of ${owner}; the report:\n${JSON.stringify(changes, null, 1)}`,
      );
      assert.equal(found.breaking, expected.breaking, `${found.change}: breaking`);
      if (expected.deprecation) assert.equal(found.deprecation, true);
      if (!expected.breaking) {
        assert.deepEqual(
          changes.filter((change) => change.breaking),
          [],
          'a change that breaks nothing brings no breaking change with it',
        );
      }
      if (expected.operation) assert.equal(found.event, undefined);
    });
  }

  test('against a description with nothing in it, every operation and event is added, one by one', async () => {
    const nothing = {openapi: base.openapi, info: base.info, paths: {}};
    const file = path.join(scratch, 'nothing.json');
    writeFileSync(file, JSON.stringify(nothing));
    const changes = nameChanges(await redoclyDiff(file, baseFile), {base: nothing, revision: base});
    const events = changes.filter((change) => change.event && change.change === 'event added');
    assert.deepEqual(events.map((change) => change.event).sort(), Object.keys(base.webhooks).sort());
    assert.ok(changes.some((change) => change.operation === LIST_OP && change.change === 'operation added'));
    assert.deepEqual(
      changes.filter((change) => !change.operation && !change.event).map((change) => change.change),
      ['servers added'],
    );
  });

  test('a change of a shared schema is reported at every operation that uses it', async () => {
    const doc = structuredClone(base);
    doc.components.schemas.Outlet.properties.name.type = 'integer';
    const file = path.join(scratch, 'shared.json');
    writeFileSync(file, JSON.stringify(doc));
    const changes = nameChanges(await redoclyDiff(baseFile, file), {base, revision: doc});
    const owners = new Set(
      changes
        .filter((change) => change.change.includes('name: type changed'))
        .map((change) => change.operation),
    );
    assert.ok(owners.has(GET_OUTLET), [...owners].join(', '));
    assert.ok(owners.has(LIST_OP), [...owners].join(', '));
  });
});

/** Runs `npm run api:changes` on a copy of the repository's descriptions and changelog. */
function apiChanges(copy, ...args) {
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'jiti'),
    [path.join(root, 'scripts', 'api-changes', 'index.ts'), ...args],
    {
      cwd: root,
      encoding: 'utf8',
      env: {...process.env, GERAI_API_ROOT: copy},
    },
  );
  return {code: result.status, out: result.stdout, err: result.stderr};
}

describe('npm run api:changes -- --check', () => {
  let copy;
  before(() => {
    copy = path.join(scratch, 'repository');
    for (const entry of ['openapi', 'changelog', 'redocly.yaml'])
      cpSync(path.join(root, entry), path.join(copy, entry), {recursive: true});
  });

  test('passes on the repository as it is', () => {
    const {code, out, err} = apiChanges(copy, '--check');
    assert.equal(code, 0, out + err);
    assert.match(out, /Changelog and description agree/);
  });

  test('fails naming the operation removed without a changelog entry, and passes once an entry declares it', () => {
    const file = path.join(copy, 'openapi', 'gerai', 'outlets.yaml');
    const outlets = parse(readFileSync(file, 'utf8'));
    delete outlets.paths['/integrations/partner/v1/outlet-link'].delete;
    writeFileSync(file, stringify(outlets, {lineWidth: 0}));
    const failed = apiChanges(copy, '--check');
    assert.equal(failed.code, 1, failed.out + failed.err);
    assert.match(failed.err, /DELETE \/integrations\/partner\/v1\/outlet-link: breaking change not declared/);

    const last = listReleases(copy).at(-1);
    const day = new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    writeFileSync(
      path.join(copy, 'changelog', `${day}-primary-outlet-unlink-removed.mdx`),
      [
        '---',
        'title: The primary outlet can no longer be unlinked',
        'tags: [removed]',
        `date: ${day}T09:00`,
        'breaking:',
        '  - DELETE /integrations/partner/v1/outlet-link',
        '---',
        '',
        'Unlink each outlet with `DELETE /integrations/partner/outlets/{outlet_id}/v1/link/{product}`.',
        '',
      ].join('\n'),
    );
    const passed = apiChanges(copy, '--check');
    assert.equal(passed.code, 0, passed.out + passed.err);
  });

  test('fails naming the entry that names an operation or field the description does not have', () => {
    const entry = path.join(copy, 'changelog', '2026-12-31-typo.mdx');
    writeFileSync(
      entry,
      [
        '---',
        'title: A typo',
        'date: 2026-12-31T09:00',
        'breaking:',
        '  - GET /integrations/partner/outlets/{outlet_id}/v1 opening_hours',
        '---',
        '',
        '`GET /integrations/partner/v1/linked-outlet` lists outlets.',
        '',
      ].join('\n'),
    );
    const {code, err} = apiChanges(copy, '--check');
    rmSync(entry);
    assert.equal(code, 1, err);
    assert.match(
      err,
      /2026-12-31-typo\.mdx: "breaking:" names opening_hours of GET \/integrations\/partner\/outlets\/\{outlet_id\}\/v1/,
    );
    assert.match(err, /2026-12-31-typo\.mdx: names `GET \/integrations\/partner\/v1\/linked-outlet`/);
  });

  test('npm run api:release cuts a release with its changelog entry, refuses it twice, and --check then passes', () => {
    const name = '2026-12-01';
    const cut = apiChanges(copy, '--release', name);
    assert.equal(cut.code, 0, cut.out + cut.err);
    const release = parse(readFileSync(path.join(copy, 'openapi', 'releases', `${name}.yaml`), 'utf8'));
    assert.equal(
      release.paths['/integrations/partner/v1/outlet-link'].delete,
      undefined,
      'the release is the description as it stands',
    );
    assert.ok(release.paths['/integrations/partner/v1/linked-outlets'].get);
    const entry = readFileSync(path.join(copy, 'changelog', `${name}-release.mdx`), 'utf8');
    assert.match(entry, /^title: Release 2026-12-01$/m);
    assert.match(entry, /since release 2026-11-23, 1 of them breaking\./);
    assert.match(entry, /import Changes from '\.\/_releases\/2026-12-01\.generated\.mdx';/);
    const again = apiChanges(copy, '--release', name);
    assert.equal(again.code, 2);
    assert.match(again.err, /Release 2026-12-01 exists/);
    const checked = apiChanges(copy, '--check');
    assert.equal(checked.code, 0, checked.out + checked.err);
    assert.match(checked.out, /0 changes since release 2026-12-01/);
    rmSync(path.join(copy, 'changelog', `${name}-release.mdx`));
    const missing = apiChanges(copy, '--check');
    assert.equal(missing.code, 1);
    assert.match(
      missing.err,
      /release 2026-12-01 has no changelog entry: changelog\/2026-12-01-release\.mdx/,
    );
    rmSync(path.join(copy, 'openapi', 'releases', `${name}.yaml`));
  });

  test('a release name that does not exist is refused with the releases there are', () => {
    const {code, err} = apiChanges(copy, '--from', '2020-01-01');
    assert.equal(code, 2);
    assert.match(err, /"2020-01-01" is neither a release nor a file\. Releases: 2026-11-22, 2026-11-23/);
    assert.deepEqual(readdirSync(path.join(copy, 'openapi', 'releases')).sort(), [
      '2026-11-22.yaml',
      '2026-11-23.yaml',
    ]);
  });

  test('--json prints one object per change with its operation or event, what changed and whether it breaks', () => {
    const {code, out, err} = apiChanges(copy, '--from', '2026-11-22', '--to', '2026-11-23', '--json');
    assert.equal(code, 0, err);
    const changes = JSON.parse(out);
    assert.ok(changes.length > 0);
    for (const change of changes) {
      assert.equal(typeof change.change, 'string');
      assert.equal(typeof change.breaking, 'boolean');
    }
    assert.ok(
      changes.some(
        (change) => change.operation === 'POST /oauth2/token' && change.change === 'operation added',
      ),
    );
  });
});

describe("a release's list of changes in the changelog", () => {
  const pages = referencePages(root);
  const changes = [
    {
      operation: 'DELETE /integrations/partner/v1/outlet-link',
      change: 'operation removed',
      breaking: true,
      pointer: '#',
    },
    {
      operation: LIST_OP,
      change: 'query parameter product: allowed values added: "ads"',
      breaking: false,
      pointer: '#',
    },
    {operation: LIST_OP, change: 'operation deprecated', breaking: false, deprecation: true, pointer: '#'},
    {event: 'food.order.placed', change: 'payload field body.order.id removed', breaking: true, pointer: '#'},
    {
      operation: 'GET /integrations/partner/v1/gone',
      change: 'operation removed',
      breaking: true,
      pointer: '#',
    },
  ];
  const text = renderReleaseNotes('2026-12-01', '2026-11-23', changes, pages);

  test('links each operation and event to the page the generator gives it', () => {
    assert.equal(pages.get(LIST_OP), '/docs/api/outlet-information/get-all-outlets');
    assert.equal(pages.get('food.order.placed'), '/docs/api/webhooks/events/food-order-placed');
    assert.match(
      text,
      /\[`food\.order\.placed \(event\)`\]\(\/docs\/api\/webhooks\/events\/food-order-placed\)/,
    );
  });

  test('lists breaking changes first and marks them, then deprecations, then the rest, each under its operation', () => {
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    assert.deepEqual(headings, ['Breaking changes', 'Deprecations', 'Other changes']);
    const breaking = text.slice(text.indexOf('## Breaking changes'), text.indexOf('## Deprecations'));
    assert.equal((breaking.match(/^- \*\*Breaking:\*\* /gm) ?? []).length, 3);
    assert.match(text, /^ {2}- query parameter `product`: allowed values added: `"ads"`$/m);
    assert.match(text, /3 breaking changes, 1 deprecation/);
  });

  test('names an operation that no longer has a page without a link, and keeps braces inside code', () => {
    assert.match(text, /^- \*\*Breaking:\*\* `GET \/integrations\/partner\/v1\/gone`$/m);
    for (const line of text.split('\n').slice(1)) {
      const prose = line.replace(/`[^`]*`/g, '');
      assert.doesNotMatch(prose, /[{}<]/, line);
    }
  });
});

describe('what a reference page says of its releases', () => {
  const history = readReleaseHistory(path.join(root, 'openapi', 'releases'));

  test('the release that added the operation or event, linked to its changelog entry', () => {
    assert.equal(history.added.get(LIST_OP), '2026-11-22');
    assert.equal(history.added.get('POST /oauth2/token'), '2026-11-23');
    assert.equal(
      releaseLine(LIST_OP, false, history),
      'Added in [release 2026-11-22](/changelog/release-2026-11-22).',
    );
    assert.equal(
      releaseLine('food.order.placed', false, history),
      'Added in [release 2026-11-22](/changelog/release-2026-11-22).',
    );
  });

  test('an operation in no release yet, and a deprecation with the release it dates from', () => {
    assert.match(
      releaseLine('GET /integrations/partner/v1/outlet-groups', false, history),
      /^New since \[release 2026-11-23\]\(\/changelog\/release-2026-11-23\): in no release yet\.$/,
    );
    const deprecated = {...history, deprecated: new Map([[LIST_OP, '2026-11-23']])};
    assert.match(releaseLine(LIST_OP, true, deprecated), /Deprecated since \[release 2026-11-23\]/);
    assert.match(
      releaseLine(LIST_OP, true, history),
      /Deprecated after \[release 2026-11-23\]\(\/changelog\/release-2026-11-23\), in no release yet\./,
    );
  });

  const current = new Map([[LIST_OP, '/docs/api/outlet-information/get-all-outlets']]);

  test('the switcher links the current page, then the same page in each release, newest first', () => {
    assert.deepEqual(releaseLinks(LIST_OP, history, current), [
      {release: 'current', href: '/docs/api/outlet-information/get-all-outlets', has: true},
      {release: '2026-11-23', href: '/docs/api/releases/2026-11-23/get-all-outlets', has: true},
      {release: '2026-11-22', href: '/docs/api/releases/2026-11-22/get-all-outlets', has: true},
    ]);
    // An operation that came later: the earlier release's own page, marked as not having it.
    const token = releaseLinks('POST /oauth2/token', history, current);
    assert.deepEqual(token.at(-1), {
      release: '2026-11-22',
      href: '/docs/api/releases/2026-11-22',
      has: false,
    });
    assert.deepEqual(token[0], {release: 'current', href: '/docs/api/intro', has: false});
  });

  test("an earlier release's page links to the current page, or says which release removed its operation", () => {
    const notice = earlierReleaseNotice(LIST_OP, '2026-11-22', history, current);
    assert.match(notice, /^:::note\[Earlier release\]/);
    assert.match(notice, /\[release 2026-11-22\]\(\/docs\/api\/releases\/2026-11-22\)/);
    assert.match(
      notice,
      /\[Read this page in the current reference\]\(\/docs\/api\/outlet-information\/get-all-outlets\)/,
    );
    const removedLater = {
      ...history,
      pages: new Map([[LIST_OP, new Map([['2026-11-22', 'get-all-outlets']])]]),
    };
    assert.match(
      earlierReleaseNotice(LIST_OP, '2026-11-22', removedLater, new Map()),
      /It was removed in \[release 2026-11-23\]\(\/changelog\/release-2026-11-23\) and is not in the current reference\./,
    );
    assert.match(
      earlierReleaseNotice(LIST_OP, '2026-11-23', history, new Map()),
      /removed after the last release/,
    );
  });

  test("a release's contents: its sections as the joined file's tag groups, events last, nothing left out", () => {
    const sections = releaseContents('2026-11-22');
    const items = sections.flatMap((section) => [
      ...section.items,
      ...section.tags.flatMap((tag) => tag.items),
    ]);
    assert.equal(items.length, [...history.pages.values()].filter((ids) => ids.has('2026-11-22')).length);
    assert.equal(sections.at(-1).label, 'Webhook events');
    assert.ok(sections.at(-1).items.every((item) => item.method === 'event'));
    const outlets = sections.find((section) => /Outlet Information/.test(section.label));
    assert.ok(outlets.items.some((item) => item.key === LIST_OP && item.id === 'get-all-outlets'));
    assert.ok(!sections.some((section) => section.tags.some((tag) => tag.label === 'other')));
  });

  test('a deprecated operation says what replaces it, linked, when the description names it', () => {
    const page = createMerchantApiPageMarkdown({
      title: 'Get all outlets',
      api: {
        method: 'get',
        path: '/integrations/partner/v1/linked-outlets',
        deprecated: true,
        'x-replaced-by': 'GET /integrations/partner/outlets/{outlet_id}/v1',
        responses: {},
      },
    });
    assert.match(
      page,
      /:::warning\[Deprecated\]\n\nThis operation is deprecated\. Use \[`GET \/integrations\/partner\/outlets\/\{outlet_id\}\/v1`\]\(\/docs\/api\/outlet-information\/get-outlet-information\) instead\./,
    );
    assert.match(page, /<ApiReleaseSwitcher shown=\{"current"\} links=\{\[/);
  });
});
