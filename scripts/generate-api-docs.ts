/**
 * Generates the API reference from `openapi/` and the downloadable copies of
 * the descriptions. `npm start` and `npm run build` run it first.
 *
 * 1. Lints every description with Redocly: an invalid description stops here
 *    with the linter's own message, before any page is generated.
 * 2. Removes pages generated earlier, so a deleted operation leaves no page.
 * 3. Runs the generator of `docusaurus-plugin-openapi-docs` for the sample
 *    pet store (`api/`) and for the merchant API (`docs/api/`), and checks it
 *    produced what the sidebars need (the generator reports some failures
 *    without an exit code). The page of a section tag is removed: the
 *    section's hand-written index page introduces its operations.
 * 4. Bundles each description into `static/openapi/` for download.
 * 5. Writes the raw body of the worked signature example and the signature
 *    test vectors into `static/webhooks/`, byte for byte, for download.
 * 6. Writes the field tables of the objects glossary from the schemas.
 */
import {spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {parse} from 'yaml';

import {GLOSSARY_FILES, GLOSSARY_PARTIAL, glossaryMarkdown} from '../src/config/objects-glossary';
import {geraiApiSections, tagPageId} from '../src/config/openapi';
import {
  SIGNATURE_VECTORS,
  SIGNATURE_VECTORS_DOWNLOAD,
  SIGNED_BODY_DOWNLOAD,
} from '../src/config/signature-example';
import {writeOpenApiDownloads} from './openapi-downloads';

const root = path.resolve(__dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const downloads = path.join(root, 'static', 'openapi');

const GENERATED = /\.(api|info|tag|schema)\.mdx$|^sidebar\.(ts|js)$/;

const targets = [
  {pluginId: 'petstore', dirs: ['api']},
  {pluginId: 'gerai', dirs: geraiApiSections.map((s) => path.join('docs', 'api', s.outputDir))},
];

function run(step: string, command: string, args: string[]): void {
  const result = spawnSync(command, args, {cwd: root, stdio: 'inherit'});
  if (result.status !== 0) {
    console.error(
      `\n✖ ${step} failed (exit code ${result.status ?? result.signal}). See the messages above.`,
    );
    process.exit(1);
  }
}

function clean(dir: string): void {
  const full = path.join(root, dir);
  mkdirSync(full, {recursive: true});
  for (const name of readdirSync(full)) {
    if (GENERATED.test(name)) {
      rmSync(path.join(full, name));
    }
  }
}

run('Linting the OpenAPI descriptions (redocly lint)', bin('redocly'), ['lint', '--format=stylish']);

for (const {pluginId, dirs} of targets) {
  dirs.forEach(clean);
  run(`Generating the ${pluginId} reference pages`, bin('docusaurus'), [
    'gen-api-docs',
    'all',
    '--plugin-id',
    pluginId,
  ]);
  const missing = dirs.filter((dir) => !existsSync(path.join(root, dir, 'sidebar.ts')));
  if (missing.length > 0) {
    console.error(
      `\n✖ The generator wrote no pages into ${missing.join(', ')}. ` +
        'Its messages above say why (often an unreadable OpenAPI file).',
    );
    process.exit(1);
  }
}

for (const {outputDir, sectionTag} of geraiApiSections) {
  if (sectionTag !== undefined) {
    rmSync(path.join(root, 'docs', 'api', outputDir, `${tagPageId(sectionTag)}.tag.mdx`), {force: true});
  }
}

rmSync(downloads, {recursive: true, force: true});
mkdirSync(downloads, {recursive: true});
try {
  writeOpenApiDownloads(downloads);
} catch (error) {
  console.error(`\n✖ ${(error as Error).message}`);
  process.exit(1);
}

const staticDir = path.join(root, 'static');
rmSync(path.join(staticDir, 'webhooks'), {recursive: true, force: true});
mkdirSync(path.join(staticDir, 'webhooks'), {recursive: true});
// The body exactly as signed: UTF-8, no final line break.
writeFileSync(path.join(staticDir, SIGNED_BODY_DOWNLOAD), SIGNATURE_VECTORS.body, 'utf8');
copyFileSync(
  path.join(root, 'samples', 'webhooks', 'test-vectors.json'),
  path.join(staticDir, SIGNATURE_VECTORS_DOWNLOAD),
);
writeFileSync(
  path.join(root, GLOSSARY_PARTIAL),
  glossaryMarkdown(
    GLOSSARY_FILES.map((file) => ({
      file,
      doc: parse(readFileSync(path.join(root, 'openapi', 'gerai', file), 'utf8')) as object,
    })),
  ),
);

console.log(
  `\n✔ API reference generated; downloads in ${path.relative(root, downloads)}/ and static/webhooks/`,
);
