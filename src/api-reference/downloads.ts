/**
 * The downloadable copies of the OpenAPI descriptions: each merchant API
 * section bundled into one self-contained file, the sample pet store, and
 * every section joined into `GERAI_FULL_DOWNLOAD`, titled and described as
 * the whole merchant API (`redocly join` keeps the first section's `info`).
 * `npm run gen-api` writes them into `static/openapi/`; the unit tests write
 * them into a temporary folder and run the validators integrators use on them.
 */
import {spawn} from 'node:child_process';
import {isDeepStrictEqual} from 'node:util';
import {mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {CORE_SCHEMA, dump, load} from 'js-yaml';

import {
  GERAI_FULL_DESCRIPTION,
  GERAI_FULL_DOWNLOAD,
  GERAI_FULL_TITLE,
  type GeraiApiSection,
  geraiApiSections,
  PETSTORE_DESCRIPTION,
  sectionDownload,
} from '../config/openapi';

const root = path.resolve(__dirname, '..', '..');
const redocly = path.join(root, 'node_modules', '.bin', 'redocly');

/** Runs the Redocly CLI in `cwd`; resolves once it has succeeded, rejects with the step and what it printed. */
function redoclyStep(step: string, args: string[], cwd = root): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(redocly, args, {cwd, stdio: ['ignore', 'ignore', 'pipe']});
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${step} failed: ${error.message}`)));
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${step} failed (exit code ${code ?? signal}):\n${stderr}`)),
    );
  });
}

/** Where the descriptions are read from: the repository, or an earlier state of its `openapi/` folder. */
export interface DescriptionSource {
  /** The folder that holds `openapi/`. */
  readonly root: string;
  /** The sections of the merchant API to bundle and join (an earlier state may lack some). */
  readonly sections: readonly GeraiApiSection[];
  /** Whether to bundle the sample pet store too. */
  readonly petstore: boolean;
}

const REPOSITORY: DescriptionSource = {root, sections: geraiApiSections, petstore: true};

/** Writes every download into `folder`; resolves with the path of the joined merchant API. */
export async function writeOpenApiDownloads(folder: string, source = REPOSITORY): Promise<string> {
  const {sections} = source;
  mkdirSync(folder, {recursive: true});
  // One run of the bundler for every description: each run of the CLI costs about a second to
  // start, more than bundling a description. It names each bundle after its source file.
  const sources = [
    ...sections.map((section) => path.join('openapi', 'gerai', section.file)),
    ...(source.petstore ? [path.join('openapi', PETSTORE_DESCRIPTION)] : []),
  ];
  const staging = path.join(folder, '.bundles');
  await redoclyStep('Bundling the descriptions', ['bundle', ...sources, '--output', staging], source.root);
  const bundled = sections.map((section) => {
    const output = path.join(folder, sectionDownload(section));
    renameSync(path.join(staging, section.file), output);
    return output;
  });
  if (source.petstore) {
    renameSync(path.join(staging, PETSTORE_DESCRIPTION), path.join(folder, PETSTORE_DESCRIPTION));
  }
  rmSync(staging, {recursive: true, force: true});
  const joined = path.join(folder, GERAI_FULL_DOWNLOAD);
  await redoclyStep(
    'Joining the merchant API into one description',
    ['join', ...bundled, '--output', joined],
    source.root,
  );
  const description = readYaml(joined);
  const {openapi, info, servers, ...rest} = description;
  writeFileSync(
    joined,
    dump(
      {
        openapi,
        info: {...info, title: GERAI_FULL_TITLE, description: GERAI_FULL_DESCRIPTION},
        servers: servers ?? serveFromApiHosts(description, bundled[0]),
        ...rest,
      },
      // Lines as long as their text, no anchors; a string another reader could take for a date or
      // a number is quoted (the dump's default schema knows more types than the core one it was
      // read with).
      {lineWidth: -1, noRefs: true},
    ),
    'utf8',
  );
  return joined;
}

/**
 * Reads a bundled or joined description with js-yaml, the parser the Redocly CLI writes them with,
 * in YAML 1.2's core schema (a date stays the string it was written as). The joined description
 * holds every section (tens of MB with a hundred times the content): js-yaml builds plain objects
 * and no document model, in about a sixth of the time and a third of the memory of the `yaml`
 * library the rest of the portal reads descriptions with (`npm run bench:scale`'s stage table has
 * the downloads step's time and peak). Not `parseYaml` of @redocly/openapi-core, which other steps
 * read a section with: its own js-yaml and schema held several hundred MB more here.
 */
export function readYaml(file: string): Description {
  return load(readFileSync(file, 'utf8'), {schema: CORE_SCHEMA}) as Description;
}

export interface Description {
  openapi?: string;
  info?: Record<string, unknown>;
  servers?: unknown[];
  paths?: Record<string, {servers?: unknown[]}>;
  [key: string]: unknown;
}

/**
 * When the sections do not all list the same servers (the authorization
 * server has hosts of its own), `redocly join` moves every section's servers
 * onto its paths and leaves the description without top-level servers, which
 * validators refuse. This returns the servers of the first section, the REST
 * API's, for the joined description, and keeps servers on a path only where
 * they differ from those.
 */
function serveFromApiHosts(joined: Description, firstSection: string): unknown[] | undefined {
  const servers = readYaml(firstSection).servers;
  for (const item of Object.values(joined.paths ?? {})) {
    if (isDeepStrictEqual(item.servers, servers)) delete item.servers;
  }
  return servers;
}
