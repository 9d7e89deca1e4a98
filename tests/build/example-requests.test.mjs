// @ts-check
// Every reference page's example request, as the built page shows it, is a request its own API
// accepts: sent with its placeholders filled to a Prism mock of the description the page was made
// from, with request validation on (credentials, parameters, body), for the merchant API, each of
// its earlier releases and the description in the sample's place. The page's Markdown copy, which
// assistants read, shows the same request. Run after `npm run build`.
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import createJiti from 'jiti';
import {parse} from 'yaml';

import {loadMain} from '../support/built-html.mjs';
import {accepted, exampleOfMarkdown, parseExample, sendExample, serverUrls, startMock} from '../support/example-requests.mjs';
import {root} from '../support/openapi.mjs';
import {build, codeText} from '../support/request-samples.mjs';

const jiti = createJiti(root + '/');
/** How many operations and events a description has: each operation's page shows an example request. */
const {operationCount} = jiti('./src/api-reference/description.ts');

/** The HTML files of the built pages under `folder` (a route), each with its route. */
function* builtPages(folder) {
  for (const entry of readdirSync(path.join(build, folder), {withFileTypes: true})) {
    const route = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (existsSync(path.join(build, route, 'index.html'))) yield route;
      yield* builtPages(route);
    }
  }
}

/** The example request a built page shows under "Example request", or undefined. */
function exampleOfPage(route) {
  const html = readFileSync(path.join(build, route, 'index.html'), 'utf8');
  if (!html.includes('id=example-request')) return undefined;
  const $ = loadMain(html);
  const [heading, block] = $('#example-request, main pre').toArray().filter((_, index, all) => {
    const at = all.findIndex((candidate) => $(candidate).is('#example-request'));
    return index === at || index === at + 1;
  });
  assert.ok(heading && block, `${route}: no code block after "Example request"`);
  return codeText($, block);
}

/** What a request is, for comparing the page's with the collection's. */
function requestShape({method, target, headers}) {
  const header = (name) => headers.find(([key]) => key.toLowerCase() === name)?.[1];
  const authorization = header('authorization')?.split(' ')[0]?.toLowerCase();
  return {
    method,
    path: target.split('?')[0].replace(/^\//, ''),
    credentials: authorization ?? 'none',
    contentType: header('content-type')?.split(';')[0] ?? 'none',
  };
}

/** The collection's requests, each with the credentials it sends (its own, or the collection's). */
function postmanRequests(items, inherited) {
  return items.flatMap((item) => {
    if (item.item) return postmanRequests(item.item, item.auth ?? inherited);
    const {request} = item;
    const auth = request.auth ?? inherited;
    const contentType = request.header?.find(({key}) => key.toLowerCase() === 'content-type')?.value;
    return [
      {
        method: request.method,
        path: request.url.path.join('/'),
        credentials: !auth || auth.type === 'noauth' ? 'none' : auth.type,
        contentType: contentType?.split(';')[0] ?? 'none',
      },
    ];
  });
}

/** Whether a collection's path (`outlets/:outlet_id/v1`) is the page's (`outlets/M008-a1b2c3/v1`). */
const pathMatches = (pattern, actual) => {
  const [wanted, got] = [pattern.split('/'), actual.split('/')];
  return wanted.length === got.length && wanted.every((segment, index) => segment.startsWith(':') || segment === got[index]);
};

const releases = readdirSync(path.join(root, 'openapi', 'releases'))
  .filter((name) => name.endsWith('.yaml'))
  .map((name) => name.replace(/\.yaml$/, ''));

/**
 * Each reference the site renders: the description its mock serves, the routes of its pages, and
 * its Postman collection if it has one.
 *
 * @type {{name: string, description: string, routes: () => string[], postman?: string}[]}
 */
const references = [
  {
    name: 'the merchant API',
    description: path.join(build, 'openapi', 'gerai-merchant-api.yaml'),
    routes: () => [...builtPages('docs/api')].filter((route) => !route.startsWith('docs/api/releases/')),
    postman: path.join(build, 'openapi', 'gerai-merchant-api.postman_collection.json'),
  },
  ...releases.map((release) => ({
    name: `the merchant API's release ${release}`,
    description: path.join(root, 'openapi', 'releases', `${release}.yaml`),
    routes: () => [...builtPages(`docs/api/releases/${release}`)],
  })),
  {
    name: 'the description in the sample’s place',
    description: path.join(build, 'openapi', 'petstore.yaml'),
    routes: () => [...builtPages('api')],
  },
];

for (const reference of references) {
  describe(`the example requests of ${reference.name}`, () => {
    let mock;
    let doc;
    let examples;
    before(async () => {
      doc = parse(readFileSync(reference.description, 'utf8'));
      examples = reference
        .routes()
        .map((route) => ({route, example: exampleOfPage(route)}))
        .filter(({example}) => example !== undefined);
      mock = await startMock(reference.description);
    });
    after(() => mock?.stop());

    test('every operation has one, and the mock of its description accepts each', async () => {
      assert.equal(examples.length, operationCount(doc).operations, 'pages with an example request against operations');
      const refused = [];
      for (const {route, example} of examples) {
        const answer = await sendExample(example, {mock: mock.origin, servers: serverUrls(doc)});
        if (!accepted(answer)) refused.push(`/${route}: ${answer.status} ${String(answer.reason).slice(0, 600)}\n${example}`);
      }
      assert.deepEqual(refused, []);
    });

    if (reference.postman) {
      test('the Postman collection sends each the same way: method, path, credentials and body', () => {
        const collection = JSON.parse(readFileSync(reference.postman, 'utf8'));
        const requests = postmanRequests(collection.item, collection.auth);
        const differ = [];
        for (const {route, example} of examples) {
          const shown = requestShape(parseExample(example));
          const match = requests.find(
            (request) => request.method === shown.method && pathMatches(request.path, shown.path),
          );
          if (!match) differ.push(`/${route}: no request ${shown.method} ${shown.path} in the collection`);
          else if (JSON.stringify({...match, path: undefined}) !== JSON.stringify({...shown, path: undefined})) {
            differ.push(`/${route}: the page ${JSON.stringify(shown)}, the collection ${JSON.stringify(match)}`);
          }
        }
        assert.deepEqual(differ, []);
      });
    }

    test('the Markdown copy of each page shows the same request', () => {
      for (const {route, example} of examples) {
        const markdown = readFileSync(path.join(build, `${route}.md`), 'utf8');
        assert.equal(exampleOfMarkdown(markdown), example, `/${route}.md`);
      }
    });
  });
}
