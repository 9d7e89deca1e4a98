/**
 * Generates the API reference from `openapi/` and the downloadable copies of
 * the descriptions. `npm start` and `npm run build` run it first.
 *
 * 1. Checks the environment variables of the build (SITE_URL,
 *    GTM_CONTAINER_ID; src/config/build-environment.ts): a bad value stops
 *    here, naming the variable, before anything is run or touched.
 * 2. Lints every description with Redocly: an invalid description stops here
 *    with the linter's own message. The linter runs while step 3 bundles the
 *    downloads; no page is generated until it has passed.
 * 3. Into a temporary folder: bundles each description for download (one run
 *    of the bundler for all of them) and
 *    converts the joined one into a Postman collection
 *    (./postman-collection.ts); writes the raw body of the worked signature
 *    example, the signature test vectors and the example body of each webhook
 *    event, byte for byte, and the field tables of the objects glossary from
 *    the schemas; then runs the generator
 *    of `docusaurus-plugin-openapi-docs` for the sample pet store (`api/`) and
 *    for the merchant API (`docs/api/`) side by side, and checks it produced
 *    what the sidebars need (the generator reports some failures without an
 *    exit code); removes the page of each section tag (the section's
 *    hand-written index page introduces its operations); gives each page a
 *    meta description of whole sentences.
 * 4. Only when every step has succeeded, puts the new pages and downloads in
 *    place of the previous ones, removing the pages of deleted operations. A
 *    failure leaves the pages and downloads of the previous run as they were.
 *
 * When nothing it reads has changed since its last run and the pages and
 * downloads are as it left them, it reuses them and stops after step 1
 * (./generate-api-docs/reuse.ts); `--force` runs every step regardless.
 */
import {spawn} from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {inflateSync} from 'node:zlib';

import {parse} from 'yaml';

import {BuildEnvironmentError, readBuildEnvironment} from '../src/config/build-environment';
import {metaDescription} from '../src/config/api-reference/meta-description';
import {GLOSSARY_FILES, GLOSSARY_PARTIAL, glossaryMarkdown} from '../src/config/objects-glossary';
import {GERAI_POSTMAN_DOWNLOAD, geraiApiSections, tagPageId} from '../src/config/openapi';
import {
  SIGNATURE_VECTORS,
  SIGNATURE_VECTORS_DOWNLOAD,
  SIGNED_BODY_DOWNLOAD,
} from '../src/config/signature-example';
import {eventBody, eventExampleDownload} from '../src/config/test-delivery';
import {fingerprintInputs, recordRun, reusableRun} from './generate-api-docs/reuse';
import {writeOpenApiDownloads} from './openapi-downloads';
import {writePostmanCollection} from './postman-collection';

const root = path.resolve(__dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const DOWNLOADS = path.join('static', 'openapi');
const WEBHOOK_DOWNLOADS = path.join('static', 'webhooks');

/** The files the generator writes; every other file of its folders is written by hand. */
const GENERATED = /\.(api|info|tag|schema)\.mdx$|^sidebar\.(ts|js)$/;

const targets = [
  {pluginId: 'petstore', dirs: ['api']},
  {pluginId: 'gerai', dirs: geraiApiSections.map((s) => path.join('docs', 'api', s.outputDir))},
];

const pageDirs = targets.flatMap((target) => target.dirs);

/** Which files of a folder of pages, and of DOWNLOADS, are generated; the others are written by hand. */
const isGeneratedPage = (name: string) => GENERATED.test(name);
const isDownload = (name: string) => name.endsWith('.yaml') || name === GERAI_POSTMAN_DOWNLOAD;

/** Where the generated files are, and which of the files there are generated. */
const OUTPUT_DIRS = [...pageDirs, DOWNLOADS, WEBHOOK_DOWNLOADS, GLOSSARY_PARTIAL];
function isGenerated(file: string): boolean {
  const dir = path.dirname(file);
  const name = path.basename(file);
  if (file === GLOSSARY_PARTIAL || dir === WEBHOOK_DOWNLOADS) return true;
  if (dir === DOWNLOADS) return isDownload(name);
  return pageDirs.includes(dir) && isGeneratedPage(name);
}

/** Each folder of generated pages with the description it was generated from. */
const describedFolders = [
  {dir: 'api', spec: path.join('openapi', 'petstore.yaml')},
  ...geraiApiSections.map((s) => ({
    dir: path.join('docs', 'api', s.outputDir),
    spec: path.join('openapi', 'gerai', s.file),
  })),
];

/** A front matter field of a generated page, as the generator writes it: `name: value` on one line. */
function frontMatterField(page: string, name: string): string | undefined {
  return new RegExp(`^${name}: (.*)$`, 'm').exec(page.split(/^---$/m)[1] ?? '')?.[1];
}

/**
 * Gives each generated operation and tag page a meta description of whole
 * sentences (see src/config/api-reference/meta-description.ts) in place of
 * the first line of its description, which the generator takes even when a
 * sentence goes on to the next line.
 */
function describePages(staging: string): void {
  for (const {dir, spec} of describedFolders) {
    // A tag page is titled with the tag's display name (x-displayName), else its name.
    const tags = new Map(
      (
        (
          parse(readFileSync(path.join(root, spec), 'utf8')) as {
            tags?: {name: string; 'x-displayName'?: string; description?: string}[];
          }
        ).tags ?? []
      ).map((tag) => [tag['x-displayName'] ?? tag.name, tag.description]),
    );
    for (const name of readdirSync(path.join(staging, dir))) {
      const file = path.join(staging, dir, name);
      const page = readFileSync(file, 'utf8');
      let source: string | undefined;
      if (name.endsWith('.api.mdx')) {
        const encoded = frontMatterField(page, 'api');
        if (encoded === undefined) continue;
        const operation = JSON.parse(inflateSync(Buffer.from(encoded, 'base64')).toString('utf8')) as {
          description?: string;
        };
        source = operation.description;
      } else if (name.endsWith('.tag.mdx')) {
        const title = frontMatterField(page, 'title');
        source = title === undefined ? undefined : tags.get(JSON.parse(title) as string);
      }
      const description = metaDescription(source);
      if (description !== '') {
        writeFileSync(
          file,
          page.replace(/^description: .*$/m, `description: ${JSON.stringify(description)}`),
        );
      }
    }
  }
}

/** The first line of an error's message: the cause, without the excerpt some parsers add. */
function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0].trim();
}

/** A step that failed; its program has printed why. */
class StepFailed extends Error {}

/**
 * Runs one step and, once it has succeeded, prints how long it took (`[gen-api] <step>: 1.2 s`),
 * which `npm run bench:scale` reads.
 */
async function timed<T>(step: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`[gen-api] ${step}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Runs a program; resolves once it has succeeded, rejects with the step that failed. */
function run(
  step: string,
  command: string,
  args: string[],
  options: {cwd?: string; env?: NodeJS.ProcessEnv} = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: options.cwd ?? root, env: options.env, stdio: 'inherit'});
    child.on('error', (error) => reject(new StepFailed(`${step} failed: ${error.message}`)));
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new StepFailed(`${step} failed (exit code ${code ?? signal}). See the messages above.`)),
    );
  });
}

/**
 * Generates every page and download into `staging`, laid out as in the
 * repository: first the downloads, which need only the descriptions (so a
 * conversion that fails stops the run before the slower steps), then the
 * reference pages, the two plugin instances at once. The generator reads the
 * site (its configuration and the descriptions) from the repository and
 * writes its `outputDir` folders relative to its working folder, so it runs
 * in `staging`.
 */
async function generate(staging: string, linted: Promise<void>): Promise<void> {
  let joined: string;
  try {
    try {
      joined = await timed('downloads', () => writeOpenApiDownloads(path.join(staging, DOWNLOADS)));
    } catch (error) {
      throw new StepFailed((error as Error).message);
    }
    try {
      await timed('Postman collection', () =>
        writePostmanCollection(joined, path.join(staging, DOWNLOADS, GERAI_POSTMAN_DOWNLOAD)),
      );
    } catch (error) {
      throw new StepFailed(
        `Converting ${path.basename(joined)} into a Postman collection failed: ${firstLine(error)}`,
      );
    }
  } catch (error) {
    // A description the linter refuses is reported as the linter's failure, whatever broke after.
    await linted;
    throw error;
  }
  await linted;

  mkdirSync(path.join(staging, WEBHOOK_DOWNLOADS), {recursive: true});
  // The body exactly as signed: UTF-8, no final line break.
  writeFileSync(path.join(staging, 'static', SIGNED_BODY_DOWNLOAD), SIGNATURE_VECTORS.body, 'utf8');
  copyFileSync(
    path.join(root, 'samples', 'webhooks', 'test-vectors.json'),
    path.join(staging, 'static', SIGNATURE_VECTORS_DOWNLOAD),
  );
  // Each webhook event's example, as its page's test delivery sends it: the sample senders fetch it.
  for (const {file} of geraiApiSections) {
    const doc = parse(readFileSync(path.join(root, 'openapi', 'gerai', file), 'utf8')) as {
      webhooks?: Record<string, {post?: {requestBody?: {content?: Record<string, {example?: unknown}>}}}>;
    };
    for (const [eventName, item] of Object.entries(doc.webhooks ?? {})) {
      const example = Object.values(item.post?.requestBody?.content ?? {})[0]?.example;
      if (example !== undefined) {
        writeFileSync(
          path.join(staging, 'static', eventExampleDownload(eventName)),
          eventBody(example),
          'utf8',
        );
      }
    }
  }
  mkdirSync(path.dirname(path.join(staging, GLOSSARY_PARTIAL)), {recursive: true});
  writeFileSync(
    path.join(staging, GLOSSARY_PARTIAL),
    glossaryMarkdown(
      GLOSSARY_FILES.map((file) => ({
        file,
        doc: parse(readFileSync(path.join(root, 'openapi', 'gerai', file), 'utf8')) as object,
      })),
    ),
  );

  // Each instance loads the whole site configuration (a few seconds) before it writes a page;
  // run side by side, they take the time of one. A failure is reported in the order of targets.
  const outcomes = await timed('generator', () =>
    Promise.allSettled(
      targets.map(({pluginId}) =>
        run(
          `Generating the ${pluginId} reference pages`,
          bin('docusaurus'),
          ['gen-api-docs', 'all', '--plugin-id', pluginId],
          {cwd: staging, env: {...process.env, DOCUSAURUS_CLI_SITE_DIR: root}},
        ),
      ),
    ),
  );
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
  for (const {dirs} of targets) {
    const missing = dirs.filter((dir) => !existsSync(path.join(staging, dir, 'sidebar.ts')));
    if (missing.length > 0) {
      throw new StepFailed(
        `The generator wrote no pages into ${missing.join(', ')}. ` +
          'Its messages above say why (often an unreadable OpenAPI file).',
      );
    }
  }

  for (const {outputDir, sectionTag} of geraiApiSections) {
    if (sectionTag !== undefined) {
      rmSync(path.join(staging, 'docs', 'api', outputDir, `${tagPageId(sectionTag)}.tag.mdx`), {force: true});
    }
  }

  await timed('meta descriptions', () => describePages(staging));
}

/**
 * Puts the files of `from` that `owned` accepts into `to`, each over its
 * previous version, then removes the files of `to` that `owned` accepts and
 * `from` no longer has. Other files of `to` are left alone.
 */
function replaceFiles(from: string, to: string, owned: (name: string) => boolean): void {
  mkdirSync(to, {recursive: true});
  const fresh = new Set(readdirSync(from).filter(owned));
  for (const name of fresh) copyFileSync(path.join(from, name), path.join(to, name));
  for (const name of readdirSync(to)) {
    if (owned(name) && !fresh.has(name)) rmSync(path.join(to, name));
  }
}

function install(staging: string): void {
  for (const dir of pageDirs) {
    replaceFiles(path.join(staging, dir), path.join(root, dir), isGeneratedPage);
  }
  replaceFiles(path.join(staging, DOWNLOADS), path.join(root, DOWNLOADS), isDownload);
  replaceFiles(path.join(staging, WEBHOOK_DOWNLOADS), path.join(root, WEBHOOK_DOWNLOADS), () => true);
  copyFileSync(path.join(staging, GLOSSARY_PARTIAL), path.join(root, GLOSSARY_PARTIAL));
}

async function main(): Promise<number> {
  try {
    readBuildEnvironment();
  } catch (error) {
    if (!(error instanceof BuildEnvironmentError)) throw error;
    console.error(
      '\n✖ The build did not start: an environment variable has a value of the wrong form. Nothing was generated or changed.',
    );
    for (const problem of error.problems) console.error(`✖ ${problem}`);
    return 1;
  }

  const inputs = fingerprintInputs(root);
  if (!process.argv.includes('--force') && reusableRun(root, inputs, isGenerated, OUTPUT_DIRS)) {
    console.log(
      '✔ API reference unchanged: nothing it is generated from has changed since the last run, and its pages and downloads are as that run left them. (`npm run gen-api -- --force` generates it again.)',
    );
    return 0;
  }

  const staging = mkdtempSync(path.join(tmpdir(), 'gerai-api-reference-'));
  try {
    const started = performance.now();
    // The linter runs while the downloads are bundled: neither changes anything, and both take
    // a while to start. Nothing is generated until it has passed.
    const linted = timed('lint', () =>
      run('Linting the OpenAPI descriptions (redocly lint)', bin('redocly'), ['lint', '--format=stylish']),
    );
    linted.catch(() => {});
    await generate(staging, linted);
    await timed('install', () => install(staging));
    console.log(`[gen-api] total: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    recordRun(root, inputs, isGenerated, OUTPUT_DIRS);
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    console.error(`\n✖ ${error.message} The pages and downloads generated before are kept as they were.`);
    return 1;
  } finally {
    rmSync(staging, {recursive: true, force: true});
  }
  console.log(`\n✔ API reference generated; downloads in ${DOWNLOADS}/ and ${WEBHOOK_DOWNLOADS}/`);
  return 0;
}

void main().then((code) => {
  process.exitCode = code;
});
