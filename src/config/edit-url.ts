import {REPOSITORY_URL} from '../constants';

/**
 * Pages `npm run gen-api` writes from `openapi/` (reference pages, and the objects glossary's
 * further pages): git ignores them, so there is nothing to edit.
 */
const GENERATED_PAGE = /\.(api|info|tag|schema|fields|generated)\.mdx$/;

/** What the docs plugin tells `editUrl` about a page. */
interface EditUrlParams {
  /** The plugin's folder, relative to the site, such as `docs` or `api`. */
  readonly versionDocsDirPath: string;
  /** The page's file, relative to that folder. */
  readonly docPath: string;
}

/**
 * The "Edit this page" address of a docs page: its source file in the
 * repository, on `main`. A generated reference page has none, since its
 * source is the OpenAPI description, not a file a writer edits.
 */
export function docsEditUrl({versionDocsDirPath, docPath}: EditUrlParams): string | undefined {
  if (GENERATED_PAGE.test(docPath)) {
    return undefined;
  }
  return `${REPOSITORY_URL}/edit/main/${versionDocsDirPath}/${docPath}`;
}
