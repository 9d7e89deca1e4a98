// @ts-check
// The parts of the host configuration that scripts/host-config/ computes from
// a build: the Content-Security-Policy and the routes that keep a trailing slash.
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {contentSecurityPolicy, hashSource, loadsTagManager, pageScripts, serverOrigins} = jiti(
  './scripts/host-config/csp.ts',
);
const {mapHashSizes, markdownRoutes, sitemapPaths, trailingSlashRoutes} = jiti(
  './scripts/host-config/routes.ts',
);
const {nginxBinary} = jiti('./tests/support/nginx.ts');
const {markdownPath} = jiti('./src/config/page-markdown.ts');

/** The directive of a policy, e.g. the sources of script-src. */
const directive = (policy, name) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe('inline scripts of a page', () => {
  const page = `<!doctype html><html><head>
<script>window.a = 1;</script>
<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>
<script src="/assets/js/main.js" defer></script>
<script type=module>import('/x.js')</script>
</head><body><script>document.body.dataset.b = "</p>";</script></body></html>`;

  test('are the scripts that run, with their exact text; data blocks and files are left out', () => {
    assert.deepEqual(pageScripts(page).inline, [
      'window.a = 1;',
      "import('/x.js')",
      'document.body.dataset.b = "</p>";',
    ]);
  });

  test('are hashed as the browser does: SHA-256 of the text, base64', () => {
    // The example of the CSP specification's hash sources.
    assert.equal(
      hashSource("alert('Hello, world.');"),
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    );
  });

  test('have their line endings normalised by the HTML parser before hashing, as in the browser', () => {
    const [text] = pageScripts('<script>a();\r\nb();</script>').inline;
    assert.equal(text, 'a();\nb();');
  });

  test('the content of <noscript> is text, as in a browser that runs scripts', () => {
    const {inline, blockedByPolicy} = pageScripts(
      '<noscript><script>never()</script><img src=x onerror="never()"></noscript><script>run()</script>',
    );
    assert.deepEqual(inline, ['run()']);
    assert.deepEqual(blockedByPolicy, []);
  });

  test('inline event handlers and javascript: links are reported, since the policy blocks them', () => {
    const {blockedByPolicy} = pageScripts(
      '<button onclick="go()">Go</button><a href=" javascript:void(0)">x</a>',
    );
    assert.equal(blockedByPolicy.length, 2);
    assert.match(blockedByPolicy[0], /onclick/);
  });

  test('the tag manager is recognised by its loader in an inline script', () => {
    assert.equal(loadsTagManager(["j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;"]), true);
    assert.equal(loadsTagManager(['window.a = 1;']), false);
  });
});

describe('the policy', () => {
  const input = {
    scriptHashes: ["'sha256-bbb='", "'sha256-aaa='", "'sha256-aaa='"],
    apiOrigins: ['https://api.sandbox.gerai.example', 'https://api.gerai.example'],
    tagManager: false,
  };
  const policy = contentSecurityPolicy(input);

  test('allows scripts from the site and by hash only: no unsafe-inline, no unsafe-eval', () => {
    assert.equal(directive(policy, 'script-src'), "'self' 'sha256-aaa=' 'sha256-bbb='");
    assert.doesNotMatch(policy, /unsafe-eval/);
  });

  test('lets the explorer call the API hosts and a mock on loopback, and nothing else', () => {
    assert.equal(
      directive(policy, 'connect-src'),
      "'self' https://api.gerai.example https://api.sandbox.gerai.example http://127.0.0.1:* http://localhost:*",
    );
  });

  test('forbids framing, plugins and foreign form targets; images may be data: addresses', () => {
    assert.equal(directive(policy, 'frame-ancestors'), "'none'");
    assert.equal(directive(policy, 'object-src'), "'none'");
    assert.equal(directive(policy, 'form-action'), "'self'");
    assert.equal(directive(policy, 'img-src'), "'self' data:");
    assert.equal(directive(policy, 'worker-src'), "'self'");
  });

  test('names Google Tag Manager only when the build loads it', () => {
    assert.doesNotMatch(policy, /google/);
    const withTagManager = contentSecurityPolicy({...input, tagManager: true});
    assert.match(directive(withTagManager, 'script-src'), /https:\/\/www\.googletagmanager\.com/);
    assert.match(directive(withTagManager, 'connect-src'), /google-analytics\.com/);
    assert.equal(directive(withTagManager, 'frame-src'), 'https://www.googletagmanager.com');
  });

  test('takes the origins of the OpenAPI servers, skipping templated ones', () => {
    assert.deepEqual(
      serverOrigins([
        'https://api.sandbox.gerai.example',
        'https://api.gerai.example/v1',
        '{mockBaseUrl}',
        '/relative',
        'https://api.gerai.example',
      ]),
      ['https://api.gerai.example', 'https://api.sandbox.gerai.example'],
    );
  });
});

describe('routes that keep a trailing slash', () => {
  const sitemap = `<urlset>
<url><loc>https://developer.gerai.example/</loc></url>
<url><loc>https://developer.gerai.example/docs/docs/intro</loc></url>
<url><loc>https://developer.gerai.example/food/</loc></url>
<url><loc>https://developer.gerai.example/docs/api/webhooks/</loc></url>
</urlset>`;

  test('are the sitemap entries that end in a slash, root aside, without the slash', () => {
    assert.deepEqual(trailingSlashRoutes(sitemapPaths(sitemap)), ['/docs/api/webhooks', '/food']);
  });

  test('refuse characters that do not belong in an nginx map', () => {
    assert.throws(() => trailingSlashRoutes(['/a"b/']), /characters/);
  });
});

describe('routes that have a Markdown version', () => {
  const routes = ['/', '/docs/docs/intro', '/food/', '/blog/welcome', '/search'];
  const files = new Set(['/index.md', '/docs/docs/intro.md', '/food.md']);

  test('are the pages whose Markdown the build holds, as nginx compares them: no trailing slash, the root ""', () => {
    assert.deepEqual(
      markdownRoutes(routes, markdownPath, (file) => files.has(file)),
      ['', '/docs/docs/intro', '/food'],
    );
  });
});

describe("the sizes of the host's map hash tables", () => {
  /** `nginx -t` on a map of these routes, with the sizes given (or nginx's defaults). */
  function nginxTest(routes, sizes) {
    const prefix = mkdtempSync(path.join(tmpdir(), 'gerai-map-sizes-'));
    try {
      const conf = path.join(prefix, 'nginx.conf');
      writeFileSync(
        conf,
        [
          `pid ${path.join(prefix, 'nginx.pid')};`,
          'events {}',
          'http {',
          sizes ? `  map_hash_bucket_size ${sizes.bucketSize};\n  map_hash_max_size ${sizes.maxSize};` : '',
          '  map $uri $slash {',
          '    default 0;',
          ...routes.map((route) => `    "${route}" 1;`),
          '  }',
          `  server { listen 127.0.0.1:1; return 204 $slash; }`,
          '}',
        ].join('\n'),
      );
      return spawnSync(nginxBinary(), ['-t', '-p', prefix, '-c', conf, '-e', 'stderr'], {encoding: 'utf8'});
    } finally {
      rmSync(prefix, {recursive: true, force: true});
    }
  }

  // An operation path of a real API's size: a page address of 240 characters.
  const long = `/docs/api/${'payment-integration/'.repeat(5)}${'a'.repeat(135)}`;
  const many = Array.from({length: 5000}, (_, index) => `/docs/api/section-${index}/operation-page-${index}`);

  test('a route of any length is written into the maps, not refused', () => {
    assert.deepEqual(trailingSlashRoutes([`${long}/`]), [long]);
    assert.deepEqual(
      markdownRoutes([long], markdownPath, () => true),
      [long],
    );
  });

  test('hold the longest route and the most routes, where nginx refuses them at its defaults', () => {
    assert.equal(spawnSync(nginxBinary(), ['-v']).status, 0, 'nginx is not installed (tests/setup.sh)');
    const refused = nginxTest([long]);
    assert.notEqual(refused.status, 0, 'nginx took the long route at its default sizes');
    assert.match(refused.stderr, /map_hash_bucket_size/);
    const held = nginxTest([long], mapHashSizes([long]));
    assert.equal(held.status, 0, held.stderr);
    const crowded = nginxTest(many, mapHashSizes(many));
    assert.equal(crowded.status, 0, crowded.stderr);
    // nginx takes a map it cannot build well with a warning, and slower lookups: not here.
    assert.doesNotMatch(crowded.stderr + held.stderr, /could not build optimal/);
  });

  test("never go below the sizes the host had: a bucket of 128 bytes, nginx's 2048 entries", () => {
    for (const keys of [[], ['/food']]) {
      const {bucketSize, maxSize} = mapHashSizes(keys);
      assert.ok(bucketSize >= 128 && bucketSize % 64 === 0, String(bucketSize));
      assert.equal(maxSize, 2048);
    }
  });
});

describe('a page that moved (src/plugins/moved-pages)', () => {
  test('answers 301 from its old address to its address now, through deploy/nginx/', async () => {
    const {renderTestServer, nginxArguments} = jiti('./tests/support/nginx.ts');
    const {movedPage} = jiti('./src/plugins/moved-pages/index.ts');
    const {freePort} = await import('../support/free-port.mjs');
    const build = mkdtempSync(path.join(tmpdir(), 'gerai-moved-build-'));
    const prefix = mkdtempSync(path.join(tmpdir(), 'gerai-moved-nginx-'));
    const move = {
      from: '/docs/api/releases/2026-01-02/list-outlets',
      to: '/docs/api/releases/2026-01-01/list-outlets',
    };
    const page = (route, html) => {
      mkdirSync(path.join(build, route), {recursive: true});
      writeFileSync(path.join(build, route, 'index.html'), html);
    };
    page(move.to, '<!doctype html><html lang="en"><title>List outlets</title><h1>List outlets</h1></html>');
    page(move.from, movedPage(move, 'https://developer.gerai.example'));
    writeFileSync(
      path.join(build, 'sitemap.xml'),
      `<urlset><url><loc>https://developer.gerai.example${move.to}</loc></url></urlset>`,
    );
    mkdirSync(path.join(build, '.nginx'));
    writeFileSync(path.join(build, '.nginx', 'moved.json'), JSON.stringify([move]));
    let nginx;
    try {
      const written = spawnSync(
        path.join(root, 'node_modules', '.bin', 'jiti'),
        ['scripts/host-config/index.ts', build],
        {
          cwd: root,
          encoding: 'utf8',
        },
      );
      assert.equal(written.status, 0, written.stderr);
      assert.match(
        readFileSync(path.join(build, '.nginx', 'routes.conf'), 'utf8'),
        /map \$gerai_route \$gerai_moved/,
      );
      const port = await freePort();
      const conf = renderTestServer({buildDir: build, port, prefix});
      nginx = spawn(nginxBinary(), nginxArguments(prefix, conf, '-g', 'daemon off;'), {stdio: 'ignore'});
      const ask = async (address) => {
        for (let tries = 0; ; tries += 1) {
          try {
            return await fetch(`http://127.0.0.1:${port}${address}`, {redirect: 'manual'});
          } catch (error) {
            if (tries > 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      };
      for (const address of [move.from, `${move.from}/`, `${move.from}?x=1`]) {
        const answer = await ask(address);
        assert.equal(answer.status, 301, address);
        const expected = address.endsWith('?x=1') ? `${move.to}?x=1` : move.to;
        assert.equal(
          new URL(answer.headers.get('location'), 'http://h').pathname +
            new URL(answer.headers.get('location'), 'http://h').search,
          expected,
          address,
        );
      }
      assert.equal((await ask(move.to)).status, 200, 'the page itself is served');
    } finally {
      nginx?.kill('SIGTERM');
      rmSync(build, {recursive: true, force: true});
      rmSync(prefix, {recursive: true, force: true});
    }
  });
});
