/**
 * Writes the parts of the host configuration that depend on the build, into
 * `<build>/.nginx/` (the folder nginx refuses to serve):
 *
 * - `csp.conf`: the Content-Security-Policy header, with the SHA-256 hash of
 *   every inline script of every page, for the server block to include;
 * - `routes.conf`: nginx maps of the routes whose canonical address ends
 *   in a slash (from the sitemap), of the Markdown version of each page
 *   that has one (`<route>.md`), and of the old addresses of pages that
 *   moved (`moved.json`, src/plugins/moved-pages), for
 *   deploy/nginx/snippets/maps.conf and site.conf;
 * - `map-sizes.conf`: the sizes of nginx's map hash tables that hold those
 *   routes, however long (./routes.ts);
 * - `host-config.json`: the same policy and routes, for tests and tools.
 *
 * `npm run build` runs it after Docusaurus (scripts/build-site/). For a build
 * written elsewhere: `npx jiti scripts/host-config/index.ts <build-dir>`.
 * It stops with a message when a page has an inline event handler or a
 * `javascript:` link, which the policy would block.
 */
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {parseYaml} from '@redocly/openapi-core';

import {contentSecurityPolicy, hashSource, loadsTagManager, pageScripts, serverOrigins} from './csp';
import {markdownPath} from '../../src/config/page-markdown';
import {MOVED_FILE, type MovedPage} from '../../src/plugins/moved-pages';
import {mapHashSizes, markdownRoutes, sitemapPaths, trailingSlashRoutes} from './routes';

const root = path.resolve(__dirname, '..', '..');
const buildDir = path.resolve(process.cwd(), process.argv[2] ?? 'build');
const outDir = path.join(buildDir, '.nginx');

function fail(message: string): never {
  console.error(`\n✖ host-config: ${message}`);
  process.exit(1);
}

/** Files under a folder with the given extension, hidden folders (such as .nginx/) skipped. */
function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(dir, {withFileTypes: true})
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(full, extension);
      return entry.isFile() && entry.name.endsWith(extension) ? [full] : [];
    })
    .sort();
}

/** Every `servers[].url` of a parsed OpenAPI description, at any level. */
function serverUrls(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(serverUrls);
  if (node === null || typeof node !== 'object') return [];
  const urls: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'servers' && Array.isArray(value)) {
      for (const server of value) {
        if (server && typeof server === 'object' && typeof (server as {url?: unknown}).url === 'string') {
          urls.push((server as {url: string}).url);
        }
      }
    } else {
      urls.push(...serverUrls(value));
    }
  }
  return urls;
}

/** A value nginx reads literally inside double quotes. */
function nginxString(value: string): string {
  if (/["\\$\r\n]/.test(value)) fail(`cannot write ${JSON.stringify(value)} into an nginx string`);
  return `"${value}"`;
}

let pages: string[];
try {
  pages = filesUnder(buildDir, '.html');
} catch {
  fail(`no build in ${buildDir}; run the build first`);
}
if (pages.length === 0) fail(`no HTML page in ${buildDir}`);

// One page at a time: what is kept of a page is its scripts' hashes, which most pages share.
const hashes = new Set<string>();
let tagManager = false;
const blocked: string[] = [];
for (const page of pages) {
  const scripts = pageScripts(readFileSync(page, 'utf8'));
  scripts.inline.forEach((script) => hashes.add(hashSource(script)));
  tagManager ||= loadsTagManager(scripts.inline);
  blocked.push(...scripts.blockedByPolicy.map((item) => `${path.relative(buildDir, page)}: ${item}`));
}
if (blocked.length > 0) {
  fail(
    'these pages have inline event handlers or javascript: links, which the Content-Security-Policy blocks. ' +
      `Use a React event handler instead:\n  ${blocked.slice(0, 20).join('\n  ')}`,
  );
}

const descriptions = filesUnder(path.join(root, 'openapi'), '.yaml');
const apiOrigins = serverOrigins(
  descriptions.flatMap((file) => serverUrls(parseYaml(readFileSync(file, 'utf8')) as unknown)),
);
const policy = contentSecurityPolicy({scriptHashes: [...hashes], apiOrigins, tagManager});
const routes = sitemapPaths(readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8'));
const slashRoutes = trailingSlashRoutes(routes);
const withMarkdown = markdownRoutes(routes, markdownPath, (file) => existsSync(path.join(buildDir, file)));
// Pages that moved (src/plugins/moved-pages): their old addresses answer 301.
const movedFile = path.join(buildDir, MOVED_FILE);
const moved = existsSync(movedFile) ? (JSON.parse(readFileSync(movedFile, 'utf8')) as MovedPage[]) : [];

const banner = '# Generated by scripts/host-config.ts from this build. Do not edit: rebuild instead.\n';
mkdirSync(outDir, {recursive: true});
writeFileSync(
  path.join(outDir, 'csp.conf'),
  `${banner}add_header Content-Security-Policy ${nginxString(policy)} always;\n`,
);
writeFileSync(
  path.join(outDir, 'routes.conf'),
  `${banner}# The routes whose canonical address ends in a slash (from sitemap.xml); "" is the root.\n` +
    'map $gerai_route $gerai_canonical_slash {\n    default 0;\n    "" 1;\n' +
    slashRoutes.map((route) => `    ${nginxString(route)} 1;\n`).join('') +
    '}\n\n' +
    '# The Markdown version of each page that has one (src/config/page-markdown.ts), by route.\n' +
    'map $gerai_route $gerai_markdown_file {\n    default "";\n' +
    withMarkdown.map((route) => `    ${nginxString(route)} ${nginxString(markdownPath(route))};\n`).join('') +
    '}\n\n' +
    '# The old address of each page that moved, and its address now (src/plugins/moved-pages).\n' +
    'map $gerai_route $gerai_moved {\n    default "";\n' +
    moved.map(({from, to}) => `    ${nginxString(from)} ${nginxString(to)};\n`).join('') +
    '}\n',
);
const sizes = mapHashSizes([...slashRoutes, ...withMarkdown, ...moved.map(({from}) => from)]);
writeFileSync(
  path.join(outDir, 'map-sizes.conf'),
  `${banner}# Sized to hold the longest and the most keys of routes.conf (scripts/host-config/routes.ts).\n` +
    `# At http level, before the first map (deploy/nginx/gerai-portal.conf includes it first).\n` +
    `map_hash_bucket_size ${sizes.bucketSize};\nmap_hash_max_size ${sizes.maxSize};\n`,
);
writeFileSync(
  path.join(outDir, 'host-config.json'),
  `${JSON.stringify(
    {
      contentSecurityPolicy: policy,
      scriptHashes: [...hashes].sort(),
      apiOrigins,
      tagManager,
      pages: pages.length,
      mapHashSizes: sizes,
      trailingSlashRoutes: slashRoutes,
      markdownRoutes: withMarkdown,
      movedPages: moved,
    },
    null,
    2,
  )}\n`,
);

console.log(
  `✔ host-config: ${hashes.size} inline script hashes from ${pages.length} pages, ` +
    `connect-src ${apiOrigins.join(' ')}, tag manager ${tagManager ? 'on' : 'off'}, ` +
    `${slashRoutes.length} routes ending in a slash, ${withMarkdown.length} with a Markdown version, ` +
    `${moved.length} moved; written to ${path.relative(process.cwd(), outDir) || outDir}/`,
);
