/**
 * What `npm run gen-api` and the development server's watcher generate, from which description,
 * and where: the one list both read, so that neither can write a file the other does not know.
 */
import path from 'node:path';

import {GLOSSARY_PARTIAL, GLOSSARY_PARTS_DIR} from '../config/objects-glossary';
import {GERAI_POSTMAN_DOWNLOAD, geraiApiSections} from '../config/openapi';
import {RELEASE_PAGES_DIR, releaseNames} from './releases';

/** The folders of the downloads: the descriptions and their collection, and the webhook bodies. */
export const DOWNLOADS = path.join('static', 'openapi');
export const WEBHOOK_DOWNLOADS = path.join('static', 'webhooks');

/** The generated changelog partials of the releases (./changes/release-notes.ts). */
export const RELEASE_NOTES_DIR = path.join('changelog', '_releases');

/**
 * One run of the OpenAPI generator: a key of a `docusaurus-plugin-openapi-docs` instance's
 * `config` in docusaurus.config.ts, the description it reads and the folder it writes.
 */
export interface Target {
  /** The plugin instance's id: the sample's, the current merchant API's, or its releases'. */
  readonly pluginId: 'petstore' | 'gerai' | 'releases';
  /** The key of its `config`: the generator's `gen-api-docs <id>`. */
  readonly id: string;
  /** The folder of its pages, relative to the repository. */
  readonly dir: string;
  /** The description, relative to the repository. */
  readonly spec: string;
  /** The tag whose page is not generated (see `sectionTag` in src/config/openapi.ts). */
  readonly sectionTag?: string;
}

export const TARGETS: readonly Target[] = [
  {pluginId: 'petstore', id: 'petstore', dir: 'api', spec: path.join('openapi', 'petstore.yaml')},
  ...geraiApiSections.map((section) => ({
    pluginId: 'gerai' as const,
    id: section.id,
    dir: path.join('docs', 'api', section.outputDir),
    spec: path.join('openapi', 'gerai', section.file),
    sectionTag: section.sectionTag,
  })),
  // Each release of the merchant API (openapi/releases/<date>.yaml), into its own folder.
  ...releaseNames().map((release) => ({
    pluginId: 'releases' as const,
    id: release,
    dir: path.join(RELEASE_PAGES_DIR, release),
    spec: path.join('openapi', 'releases', `${release}.yaml`),
  })),
];

/**
 * The files the generator writes (a page's long blocks of HTML beside it: ./page/html.ts, and the
 * pages of its nested fields when they are too long for it: ./page/current-pages.ts); every
 * other file of its folders is written by hand.
 */
const GENERATED_PAGE = /\.(api|info|tag|schema|fields)\.mdx$|\.(api|fields)\.html\.json$|^sidebar\.(ts|js)$/;

/** The file beside a page (`x.api.mdx`) that holds its long blocks of HTML (./page/html.ts): `x.api.html.json`. */
export const blocksFile = (page: string) => page.replace(/\.mdx$/, '.html.json');

/** Which files of a folder of pages, and of DOWNLOADS, are generated; the others are written by hand. */
export const isGeneratedPage = (name: string) => GENERATED_PAGE.test(name);
export const isDownload = (name: string) => name.endsWith('.yaml') || name === GERAI_POSTMAN_DOWNLOAD;

const PAGE_DIRS = TARGETS.map((target) => target.dir);

/** Where the generated files are, and which of the files there are generated. */
export const OUTPUT_DIRS = [
  ...PAGE_DIRS,
  DOWNLOADS,
  WEBHOOK_DOWNLOADS,
  GLOSSARY_PARTIAL,
  GLOSSARY_PARTS_DIR,
  RELEASE_NOTES_DIR,
];

/** The generated changelog partials of the releases (./changes/release-notes.ts). */
export const isReleaseNotes = (name: string) => name.endsWith('.generated.mdx');

/** A further page of the objects glossary, which `gen-api` writes (a page written by hand beside them is kept). */
const isGlossaryPart = (name: string) => name.endsWith('.generated.mdx');

/**
 * The folders of the companion files (webhook bodies, the objects glossary's tables and further
 * pages, the releases' lists of changes), with which of their files are generated: put in place by
 * `gen-api`, and by the development server's background step.
 */
export const COMPANION_FOLDERS = [
  {dir: WEBHOOK_DOWNLOADS, owned: () => true},
  {dir: path.dirname(GLOSSARY_PARTIAL), owned: (name: string) => name === path.basename(GLOSSARY_PARTIAL)},
  {dir: GLOSSARY_PARTS_DIR, owned: isGlossaryPart},
  {dir: RELEASE_NOTES_DIR, owned: isReleaseNotes},
];
export function isGenerated(file: string): boolean {
  const dir = path.dirname(file);
  const name = path.basename(file);
  if (file === GLOSSARY_PARTIAL || dir === WEBHOOK_DOWNLOADS) return true;
  if (dir === GLOSSARY_PARTS_DIR) return isGlossaryPart(name);
  if (dir === RELEASE_NOTES_DIR) return isReleaseNotes(name);
  if (dir === DOWNLOADS) return isDownload(name);
  return PAGE_DIRS.includes(dir) && isGeneratedPage(name);
}

/**
 * The targets whose pages a change of `files` (paths relative to the repository) can change: the
 * target of each description changed; every target of the current description when one of its
 * shared files changed (`openapi/gerai/common.yaml`, which every section refers to); every target
 * when any other file changed (a new file).
 */
export function targetsAffectedBy(files: readonly string[]): Target[] {
  const bySpec = new Map(TARGETS.map((target) => [path.normalize(target.spec), target]));
  const affected = new Set<Target>();
  for (const file of files) {
    const target = bySpec.get(path.normalize(file));
    if (target?.pluginId === 'releases') {
      // Which release shows an operation, and up to which release, depends on the others.
      for (const each of TARGETS) if (each.pluginId === 'releases') affected.add(each);
    } else if (target) {
      affected.add(target);
    } else if (path.normalize(file).startsWith(path.join('openapi', 'gerai') + path.sep)) {
      // A shared file of the current description: a release is a file of its own, and keeps its pages.
      for (const each of TARGETS) if (each.pluginId !== 'releases') affected.add(each);
    } else {
      return [...TARGETS];
    }
  }
  return TARGETS.filter((target) => affected.has(target));
}
