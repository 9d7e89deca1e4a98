import {spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/**
 * Renders an nginx configuration that serves a build folder the way
 * production does (deploy/nginx/snippets/ and the build's own .nginx/
 * includes), with a private prefix and a loopback port instead of TLS.
 * tests/support/nginx-server.ts runs it for Playwright.
 */

export const repositoryRoot = path.resolve(__dirname, '..', '..');
const snippetsDir = path.join(repositoryRoot, 'deploy', 'nginx', 'snippets');

const NGINX_CANDIDATES = [
  '/usr/sbin/nginx',
  '/usr/bin/nginx',
  '/usr/local/sbin/nginx',
  '/usr/local/bin/nginx',
];
const MODULE_DIRS = ['/usr/lib/nginx/modules', '/usr/lib64/nginx/modules', '/usr/share/nginx/modules'];
const MIME_TYPES = [
  '/etc/nginx/mime.types',
  '/usr/local/etc/nginx/mime.types',
  '/opt/homebrew/etc/nginx/mime.types',
];

/** The nginx binary: NGINX_PATH, else the usual places, else `nginx` on the PATH. */
export function nginxBinary(): string {
  return process.env.NGINX_PATH ?? NGINX_CANDIDATES.find((candidate) => existsSync(candidate)) ?? 'nginx';
}

/** The brotli filter module, when it is installed. */
export function brotliModule(): string | undefined {
  return MODULE_DIRS.map((dir) => path.join(dir, 'ngx_http_brotli_filter_module.so')).find((file) =>
    existsSync(file),
  );
}

export interface TestServer {
  /** The build folder to serve; it must hold the .nginx/ folder that `npm run build` writes. */
  readonly buildDir: string;
  readonly port: number;
  /** A folder of its own for the configuration, the pid file and temporary files; emptied first. */
  readonly prefix: string;
}

/** Writes nginx.conf and its includes into the prefix and returns the path of nginx.conf. */
export function renderTestServer({buildDir, port, prefix}: TestServer): string {
  const build = path.resolve(buildDir);
  const generated = path.join(build, '.nginx');
  for (const file of ['csp.conf', 'routes.conf', 'map-sizes.conf']) {
    if (!existsSync(path.join(generated, file))) {
      throw new Error(
        `${path.join(generated, file)} is missing. \`npm run build\` writes it; for a build made ` +
          `otherwise run \`npx --no-install jiti scripts/host-config/index.ts ${buildDir}\`.`,
      );
    }
  }
  const mimeTypes = MIME_TYPES.find((candidate) => existsSync(candidate));
  if (mimeTypes === undefined) throw new Error(`nginx's mime.types not found in ${MIME_TYPES.join(', ')}`);

  rmSync(prefix, {recursive: true, force: true});
  const snippets = path.join(prefix, 'snippets', 'gerai');
  mkdirSync(snippets, {recursive: true});
  mkdirSync(path.join(prefix, 'temp'), {recursive: true});
  for (const name of readdirSync(snippetsDir)) {
    copyFileSync(path.join(snippetsDir, name), path.join(snippets, name));
  }
  copyFileSync(mimeTypes, path.join(prefix, 'mime.types'));

  const brotli = brotliModule();
  const lines = mainConfiguration(prefix, [
    '    sendfile on;',
    `    include ${path.join(generated, 'map-sizes.conf')};`,
    '    include snippets/gerai/maps.conf;',
    `    include ${path.join(generated, 'routes.conf')};`,
    '    server {',
    `        listen 127.0.0.1:${port};`,
    '        server_name _;',
    `        root ${build};`,
    `        include ${path.join(generated, 'csp.conf')};`,
    '        include snippets/gerai/site.conf;',
    brotli ? '        include snippets/gerai/brotli.conf;' : '',
    '    }',
  ]);
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, `${lines.filter((line) => line !== '').join('\n')}\n`);
  return conf;
}

/**
 * The main context of a test nginx.conf, as lines: the brotli module when installed, one worker,
 * its pid, temporary files and mime.types in `prefix` (where mime.types must be copied), no access
 * log, and `http` holding the given lines.
 */
export function mainConfiguration(prefix: string, http: readonly string[]): string[] {
  const brotli = brotliModule();
  const temp = (name: string) => `    ${name}_temp_path ${path.join(prefix, 'temp', name)};`;
  return [
    '# Rendered by tests/support/nginx.ts for the tests; not for production.',
    brotli ? `load_module ${brotli};` : '# The brotli filter module is not installed: gzip only.',
    // As root, nginx would switch its workers to a user that may not read the build folder.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 512; }',
    'http {',
    '    include mime.types;',
    '    default_type application/octet-stream;',
    '    access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
    ...http,
    '}',
  ];
}

/** Arguments that run nginx in the foreground on a rendered configuration. */
export function nginxArguments(prefix: string, conf: string, ...extra: string[]): string[] {
  return ['-p', prefix, '-c', conf, '-e', 'stderr', ...extra];
}

/** `nginx -t` on a rendered configuration: the error text, or undefined when it is valid. */
export function checkConfiguration(prefix: string, conf: string): string | undefined {
  const result = spawnSync(nginxBinary(), nginxArguments(prefix, conf, '-t', '-q'), {encoding: 'utf8'});
  if (result.error) {
    const missing = (result.error as NodeJS.ErrnoException).code === 'ENOENT';
    return missing
      ? `nginx not found at ${nginxBinary()}: install it (Debian: apt-get install nginx; ` +
          '`bash tests/setup.sh` does it as root) or set NGINX_PATH'
      : `${nginxBinary()}: ${result.error.message}`;
  }
  return result.status === 0 ? undefined : `${result.stderr}${result.stdout}`.trim();
}
