/**
 * The earlier releases of the API reference as the browser knows them: their names, from the
 * site's configuration (`customFields.apiReleases` in docusaurus.config.ts), and the search page's
 * `version` parameter of each. No Node.js module here: this ships to the browser.
 */
import siteConfig from '@generated/docusaurus.config';

/** Where the releases' pages are (./releases.ts: RELEASES_ROUTE, without its leading slash). */
const RELEASES_FOLDER = 'docs/api/releases';

/** The local search's parameter naming the folder whose index the search page reads. */
export const VERSION_PARAM = 'version';

export interface ApiRelease {
  /** The release's name, its date. */
  readonly name: string;
  /** Its own page, `<baseUrl>docs/api/releases/<name>`. */
  readonly path: string;
  /** The search page's `version` for its pages: the folder of its index, under the base URL. */
  readonly version: string;
}

/** The earlier releases, newest first. */
export function apiReleases(): ApiRelease[] {
  const names = (siteConfig.customFields?.apiReleases ?? []) as string[];
  return [...names].reverse().map((name) => ({
    name,
    path: `${siteConfig.baseUrl}${RELEASES_FOLDER}/${name}`,
    version: `${RELEASES_FOLDER}/${name}/`,
  }));
}

let dropped: string | null = null;

/**
 * Takes a `version` that names no release but a folder of this site out of a search page's query
 * (`search`, with its `?`); returns the new query, or null when there is nothing to take out. The
 * search would otherwise ask for an index that does not exist and say that search is unavailable.
 * A `version` that leads off the site is left as it is, for the search worker to refuse
 * ("Unexpected version url", as the specification has it). The version taken out is kept for
 * droppedVersion().
 */
export function dropUnknownVersion(search: string, origin: string): string | null {
  const params = new URLSearchParams(search);
  const version = params.get(VERSION_PARAM);
  if (version === null || version === '') return null;
  const releases = apiReleases();
  if (releases.some((release) => release.version === version)) return null;
  if (releases.some((release) => release.version === `${version}/`)) {
    // A release's folder written without its last slash: the index is in the folder.
    params.set(VERSION_PARAM, `${version}/`);
    return `?${params.toString()}`;
  }
  let onSite: boolean;
  try {
    onSite = new URL(`${siteConfig.baseUrl}${version}`, origin).origin === origin;
  } catch {
    onSite = false;
  }
  if (!onSite) return null;
  params.delete(VERSION_PARAM);
  dropped = version;
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The `version` the search page's address had when the app started, if it named no release. */
export function droppedVersion(): string | null {
  return dropped;
}
