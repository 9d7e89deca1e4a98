/**
 * The API catalog (RFC 9727) the build publishes at `/.well-known/api-catalog`
 * (src/plugins/api-catalog): a linkset (RFC 9264, `application/linkset+json`)
 * with one link context per API the portal documents. Each context is
 * anchored at the API's reference on the site and names its OpenAPI
 * descriptions, each in YAML and as JSON, and the Postman collection (`service-desc`) and its
 * documentation, as a page and as Markdown, and llms.txt (`service-doc`).
 * The downloads come from src/config/openapi.ts, the Markdown addresses from
 * src/config/page-markdown.ts; every address is absolute, on the site's origin.
 *
 * The MCP server is one more API of the site, so it gets a link context of its own, anchored at
 * its endpoint, rather than a link relation of its own (none is registered for MCP): its
 * `service-desc` is the server card, the machine-readable description RFC 8631 defines the
 * relation for (endpoint, transport, version, tools), and its `service-doc` the guide that
 * connects an assistant to it, as a page and as Markdown.
 */
import {PRODUCT_NAME} from '../constants';
import {
  API_CHANGES_DOWNLOAD,
  RELEASE_DOWNLOADS_PATH,
  GERAI_FULL_DOWNLOAD,
  GERAI_POSTMAN_DOWNLOAD,
  geraiApiSections,
  jsonCopyOf,
  OPENAPI_DOWNLOADS_PATH,
  PETSTORE_DESCRIPTION,
  sectionDownload,
} from './openapi';
import {MCP_GUIDE_PATH, MCP_PATH, MCP_SERVER_CARD_PATH} from './mcp';
import {LLMS_INDEX, markdownPath} from './page-markdown';

/** Where the catalog is served (RFC 8615 well-known URI, registered by RFC 9727). */
export const API_CATALOG_PATH = '/.well-known/api-catalog';

/** The `Link` header value that points to the catalog (RFC 9727 relation `api-catalog`). */
export const API_CATALOG_LINK = `<${API_CATALOG_PATH}>; rel="api-catalog"`;

/** A link target of the linkset's JSON form (RFC 9264, section 4.2.4). */
export interface LinkTarget {
  readonly href: string;
  readonly type: string;
  readonly title: string;
}

/** A link context: the API it is about, and its links by relation type. */
export interface LinkContext {
  readonly anchor: string;
  readonly 'service-desc': readonly LinkTarget[];
  readonly 'service-doc': readonly LinkTarget[];
  readonly 'service-meta'?: readonly LinkTarget[];
}

export interface Linkset {
  readonly linkset: readonly LinkContext[];
}

/** How the host serves each kind of file the catalog links to (deploy/nginx/snippets/site.conf). */
const TYPES = {
  openapi: 'application/yaml',
  openapiJson: 'application/json',
  postman: 'application/json',
  serverCard: 'application/json',
  changes: 'application/json',
  page: 'text/html',
  markdown: 'text/markdown',
  text: 'text/plain',
} as const;

/** A documentation page: the page itself and its Markdown version. */
function pageLinks(siteUrl: string, route: string, title: string): LinkTarget[] {
  return [
    {href: `${siteUrl}${route}`, type: TYPES.page, title},
    {href: `${siteUrl}${markdownPath(route)}`, type: TYPES.markdown, title: `${title} (Markdown)`},
  ];
}

/** A YAML description, and its JSON copy beside it (scripts/mcp-package/json-copies.ts). */
function description(href: string, title: string): LinkTarget[] {
  return [
    {href, type: TYPES.openapi, title},
    {href: jsonCopyOf(href), type: TYPES.openapiJson, title: `${title} (JSON)`},
  ];
}

/**
 * The catalog of a site at `siteUrl` (an origin, as SITE_URL gives it).
 * `descriptionTitle` gives the title of a description under `openapi/`
 * (`gerai/food.yaml`, `petstore.yaml`): its `info.title`.
 */
export function apiCatalog(
  siteUrl: string,
  descriptionTitle: (file: string) => string,
  releases: readonly string[] = [],
): Linkset {
  const origin = siteUrl.replace(/\/+$/, '');
  const download = (file: string) => `${origin}${OPENAPI_DOWNLOADS_PATH}${file}`;
  const merchantReference = '/docs/api/intro';
  const petStoreReference = '/api/introduction';
  return {
    linkset: [
      {
        anchor: `${origin}${merchantReference}`,
        'service-desc': [
          ...description(
            download(GERAI_FULL_DOWNLOAD),
            `${PRODUCT_NAME} merchant API, every section in one OpenAPI description`,
          ),
          ...geraiApiSections.flatMap((section) =>
            description(download(sectionDownload(section)), descriptionTitle(`gerai/${section.file}`)),
          ),
          {
            href: download(GERAI_POSTMAN_DOWNLOAD),
            type: TYPES.postman,
            title: `${PRODUCT_NAME} merchant API, Postman collection (v2.1)`,
          },
          ...releases.flatMap((release) =>
            description(
              `${origin}${RELEASE_DOWNLOADS_PATH}${release}.yaml`,
              `${PRODUCT_NAME} merchant API, release ${release}`,
            ),
          ),
        ],
        // RFC 8631's relation for what is known about a service besides its description: here the
        // changes of each release (scripts/mcp-package/publish-releases.ts).
        ...(releases.length > 0
          ? {
              'service-meta': [
                {
                  href: `${origin}${RELEASE_DOWNLOADS_PATH}${API_CHANGES_DOWNLOAD}`,
                  type: TYPES.changes,
                  title: `${PRODUCT_NAME} merchant API, the changes of each release (JSON)`,
                },
              ],
            }
          : {}),
        'service-doc': [
          ...pageLinks(origin, merchantReference, `${PRODUCT_NAME} merchant API reference`),
          ...pageLinks(origin, '/docs/docs/intro', `${PRODUCT_NAME} integration guides`),
          {
            href: `${origin}${LLMS_INDEX}`,
            type: TYPES.text,
            title: 'Every page of the portal, listed for AI assistants (llms.txt)',
          },
        ],
      },
      {
        anchor: `${origin}${petStoreReference}`,
        'service-desc': description(download(PETSTORE_DESCRIPTION), descriptionTitle(PETSTORE_DESCRIPTION)),
        'service-doc': pageLinks(origin, petStoreReference, 'Pet store sample API reference'),
      },
      {
        anchor: `${origin}${MCP_PATH}`,
        'service-desc': [
          {
            href: `${origin}${MCP_SERVER_CARD_PATH}`,
            type: TYPES.serverCard,
            title: `${PRODUCT_NAME} portal MCP server, server card`,
          },
        ],
        'service-doc': pageLinks(origin, MCP_GUIDE_PATH, 'Use the portal from your AI assistant'),
      },
    ],
  };
}
