/**
 * The environment variables the build reads, checked in one place before
 * anything runs: `scripts/generate-api-docs/` checks them first (so a bad
 * value stops `npm run build` and `npm start` before a generated page is
 * touched), and `docusaurus.config.ts` reads its values from here.
 *
 * A bad value stops with a message that names the variable, quotes the value
 * and says which form is expected. An unset or empty variable takes its
 * default (the deployment workflow passes an unset repository variable as an
 * empty string).
 */

/** The public origin of the site when SITE_URL is unset. */
export const DEFAULT_SITE_URL = 'https://developer.gerai.example';

/** Google Tag Manager container ids look like `GTM-XXXXXXX`. */
const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** Longest value quoted in a message; a longer one is cut, since it is wrong anyway. */
const QUOTED_LENGTH = 120;

export interface BuildEnvironment {
  /** The site's public origin, for the sitemap and canonical links (Docusaurus `url`). */
  readonly siteUrl: string;
  /** The Google Tag Manager container to load on every page, or none. */
  readonly tagManagerContainerId: string | undefined;
}

/** One or more variables of the build hold a value of the wrong form. */
export class BuildEnvironmentError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'BuildEnvironmentError';
    this.problems = problems;
  }
}

/** The value as it would be typed, escapes shown, cut when very long. */
function quote(value: string): string {
  const cut = value.length > QUOTED_LENGTH ? `${value.slice(0, QUOTED_LENGTH)}…` : value;
  return JSON.stringify(cut);
}

/** Unset, empty or blank: the variable is not given. */
function given(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** Why SITE_URL's value is not a site origin, or undefined when it is one. */
function siteUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'which is not an absolute address';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `whose scheme is ${url.protocol.replace(/:$/, '')}, not http or https`;
  }
  if (url.username !== '' || url.password !== '') return 'which carries a user name or password';
  if (url.pathname !== '/') return `which has the path ${quote(url.pathname)}`;
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(value)) {
    return 'which has a query or a fragment';
  }
  return undefined;
}

/** The Google Tag Manager container id, checked; undefined when unset. */
export function tagManagerContainerId(value: string | undefined): string | undefined {
  const id = given(value)?.trim();
  if (id === undefined) return undefined;
  if (!CONTAINER_ID.test(id)) {
    throw new BuildEnvironmentError([
      `GTM_CONTAINER_ID is ${quote(value ?? '')}, which is not a Google Tag Manager container id. ` +
        'Expected the form GTM-XXXXXXX (GTM- followed by 4 to 12 upper-case letters and digits). ' +
        'Fix the value, or unset the variable to build without the tag manager.',
    ]);
  }
  return id;
}

/** The site's public origin, checked, without a trailing slash; the default when unset. */
export function siteUrl(value: string | undefined): string {
  const url = given(value)?.trim();
  if (url === undefined) return DEFAULT_SITE_URL;
  const problem = siteUrlProblem(url);
  if (problem !== undefined) {
    throw new BuildEnvironmentError([
      `SITE_URL is ${quote(value ?? '')}, ${problem}. Expected the public origin of the site: ` +
        `http:// or https://, a host and optionally a port, with no path, such as ${DEFAULT_SITE_URL}. ` +
        `Fix the value, or unset the variable to use ${DEFAULT_SITE_URL}.`,
    ]);
  }
  return url.replace(/\/$/, '');
}

/**
 * Every variable the build reads, checked together: throws a
 * BuildEnvironmentError listing each bad one, or returns their values.
 */
export function readBuildEnvironment(env: NodeJS.ProcessEnv = process.env): BuildEnvironment {
  const problems: string[] = [];
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof BuildEnvironmentError)) throw error;
      problems.push(...error.problems);
      return undefined;
    }
  };
  const url = attempt(() => siteUrl(env.SITE_URL));
  const containerId = attempt(() => tagManagerContainerId(env.GTM_CONTAINER_ID));
  if (problems.length > 0 || url === undefined) throw new BuildEnvironmentError(problems);
  return {siteUrl: url, tagManagerContainerId: containerId};
}

/**
 * Checks the environment variables as readBuildEnvironment does; when one has a value of the wrong
 * form, prints `stopped` (what did not start, and why) and each problem, and returns false.
 */
export function environmentIsValid(stopped: string, print: (line: string) => void = console.error): boolean {
  try {
    readBuildEnvironment();
    return true;
  } catch (error) {
    if (!(error instanceof BuildEnvironmentError)) throw error;
    print(`\n✖ ${stopped}`);
    for (const problem of error.problems) print(`✖ ${problem}`);
    return false;
  }
}
