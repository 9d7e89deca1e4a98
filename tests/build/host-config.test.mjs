// @ts-check
// Checks of the host configuration that `npm run build` writes into <build>/.nginx/,
// and of the production nginx configuration (deploy/nginx/) against that build.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';

import createJiti from 'jiti';
import {parse} from 'yaml';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {brotliModule, nginxBinary} = jiti('./tests/support/nginx.ts');

const buildDir = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const generated = path.join(buildDir, '.nginx');
const config = () => JSON.parse(readFileSync(path.join(generated, 'host-config.json'), 'utf8'));

describe('the build carries its host configuration', () => {
  test('.nginx/ holds the CSP header, the routes map and their JSON', () => {
    for (const file of ['csp.conf', 'routes.conf', 'map-sizes.conf', 'host-config.json']) {
      assert.ok(existsSync(path.join(generated, file)), `${file} missing: run the build with npm run build`);
    }
    const csp = readFileSync(path.join(generated, 'csp.conf'), 'utf8');
    assert.ok(csp.includes(`add_header Content-Security-Policy "${config().contentSecurityPolicy}" always;`));
  });

  test('the policy allows scripts by their hashes only: no unsafe-inline, no unsafe-eval', () => {
    // That every inline script of every page has its hash here is checked page by page in
    // every-page.test.mjs.
    const scriptSrc = config().contentSecurityPolicy.match(/script-src ([^;]+)/)[1].split(' ');
    assert.ok(scriptSrc.some((source) => source.startsWith("'sha256-")));
    assert.ok(!scriptSrc.includes("'unsafe-inline'") && !config().contentSecurityPolicy.includes("'unsafe-eval'"));
  });

  test('the trailing-slash routes are the sitemap entries that end in a slash', () => {
    const sitemap = readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
    const withSlash = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((match) => new URL(match[1]).pathname)
      .filter((route) => route !== '/' && route.endsWith('/'))
      .map((route) => route.slice(0, -1))
      .sort();
    assert.deepEqual(config().trailingSlashRoutes, withSlash);
  });
});

describe('the pages the host may answer with their Markdown', () => {
  test('are the sitemap entries whose Markdown the build holds (<route>.md, the root /index.md)', () => {
    const sitemap = readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
    const expected = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((match) => new URL(match[1]).pathname.replace(/\/$/, ''))
      .filter((route) => existsSync(path.join(buildDir, `${route || '/index'}.md`)))
      .sort();
    assert.ok(expected.includes('') && expected.includes('/docs/docs/intro') && expected.includes('/food'));
    assert.deepEqual(config().markdownRoutes, expected);
    const routes = readFileSync(path.join(generated, 'routes.conf'), 'utf8');
    for (const route of expected) assert.ok(routes.includes(`    "${route}" "${route || '/index'}.md";`), route);
  });
});

describe('the request panel may reach every token endpoint it asks', () => {
  test('connect-src names the origin of each client credentials tokenUrl of the descriptions', () => {
    const connect = config()
      .contentSecurityPolicy.split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'connect-src');
    const common = parse(readFileSync(path.join(root, 'openapi', 'gerai', 'common.yaml'), 'utf8'));
    const {tokenUrl} = common.components.securitySchemes.OAuth2.flows.clientCredentials;
    assert.ok(connect.includes(new URL(tokenUrl).origin), connect.join(' '));
  });
});

describe('the production nginx configuration', () => {
  const prefix = mkdtempSync(path.join(tmpdir(), 'gerai-nginx-production-'));
  after(() => rmSync(prefix, {recursive: true, force: true}));

  test('deploy/nginx/gerai-portal.conf passes `nginx -t` with this build', () => {
    // Both are prerequisites of the tests (tests/setup.sh installs them): missing, they fail the test.
    assert.equal(spawnSync(nginxBinary(), ['-v']).status, 0, `${nginxBinary()} -v fails: install nginx or set NGINX_PATH`);
    assert.equal(spawnSync('openssl', ['version']).status, 0, 'openssl version fails: install openssl');
    // The production layout inside a private prefix: snippets, a certificate, this build.
    const snippets = path.join(prefix, 'snippets', 'gerai');
    mkdirSync(snippets, {recursive: true});
    for (const name of readdirSync(path.join(root, 'deploy/nginx/snippets'))) {
      copyFileSync(path.join(root, 'deploy/nginx/snippets', name), path.join(snippets, name));
    }
    const certificate = path.join(prefix, 'certificate.pem');
    const key = path.join(prefix, 'key.pem');
    const openssl = spawnSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=developer.gerai.example',
      '-keyout', key, '-out', certificate,
    ]);
    assert.equal(openssl.status, 0, String(openssl.stderr));
    let site = readFileSync(path.join(root, 'deploy/nginx/gerai-portal.conf'), 'utf8')
      .replaceAll('/srv/gerai-portal/current', buildDir)
      .replaceAll('/etc/letsencrypt/live/developer.gerai.example/fullchain.pem', certificate)
      .replaceAll('/etc/letsencrypt/live/developer.gerai.example/privkey.pem', key);
    const brotli = brotliModule();
    if (!brotli) site = site.replace(/^\s*include snippets\/gerai\/brotli\.conf;$/m, '');
    writeFileSync(path.join(prefix, 'gerai-portal.conf'), site);
    const mimeTypes = ['/etc/nginx/mime.types', '/usr/local/etc/nginx/mime.types'].find(existsSync);
    const conf = path.join(prefix, 'nginx.conf');
    writeFileSync(
      conf,
      [
        brotli ? `load_module ${brotli};` : '',
        `pid ${path.join(prefix, 'nginx.pid')};`,
        'events {}',
        'http {',
        `  include ${mimeTypes};`,
        `  client_body_temp_path ${prefix}/body;`,
        `  proxy_temp_path ${prefix}/proxy;`,
        `  fastcgi_temp_path ${prefix}/fastcgi;`,
        `  uwsgi_temp_path ${prefix}/uwsgi;`,
        `  scgi_temp_path ${prefix}/scgi;`,
        '  include gerai-portal.conf;',
        '}',
      ].join('\n'),
    );
    const result = spawnSync(nginxBinary(), ['-t', '-p', prefix, '-c', conf, '-e', 'stderr'], {encoding: 'utf8'});
    assert.equal(result.status, 0, result.stderr);
  });
});
