import {PRODUCT_NAME} from '../constants';

/**
 * The sections of the merchant API reference. Each is one OpenAPI file under
 * `openapi/gerai/`, generated into one folder of `docs/api/` and served as a
 * download at `/openapi/gerai-<id>.yaml` (sectionDownload).
 */
export interface GeraiApiSection {
  /** Key of the generator config and of the download file name. */
  readonly id: string;
  /** File under `openapi/gerai/`. */
  readonly file: string;
  /** Folder under `docs/api/` that receives the generated pages. */
  readonly outputDir: string;
  /**
   * The tag of every operation of a section whose sidebar lists its operations
   * directly, named as the section in the sidebar. Tagging them keeps them
   * together in the joined download; the sidebar shows them without the tag's
   * category, and no page is generated for the tag, since the section's own
   * index page introduces them. Sections grouped by several tags have none.
   */
  readonly sectionTag?: string;
}

export const geraiApiSections: readonly GeraiApiSection[] = [
  {id: 'outlets', file: 'outlets.yaml', outputDir: 'outlet-information', sectionTag: 'Outlet information'},
  {id: 'food', file: 'food.yaml', outputDir: 'food-integration'},
  {id: 'payment', file: 'payment.yaml', outputDir: 'payment-integration', sectionTag: 'Payment integration'},
  {id: 'pos', file: 'pos.yaml', outputDir: 'mokapos-integration', sectionTag: 'POS integration'},
  {
    id: 'notification-subscriptions',
    file: 'notification-subscriptions.yaml',
    outputDir: 'notification-subscriptions',
  },
  {
    id: 'troubleshooting',
    file: 'troubleshooting.yaml',
    outputDir: 'troubleshooting',
    sectionTag: 'Troubleshooting',
  },
  {id: 'webhooks', file: 'webhooks.yaml', outputDir: 'webhooks/events', sectionTag: 'Events'},
  // Last: the joined download takes its servers from the first section, and this one has the OAuth hosts.
  {
    id: 'oauth',
    file: 'oauth.yaml',
    outputDir: 'auth/authorization-server',
    sectionTag: 'Authorization server',
  },
];

/** The folder of the site that serves the downloads (`static/openapi/` in the repository). */
export const OPENAPI_DOWNLOADS_PATH = '/openapi/';

/**
 * Where the build publishes the JSON copy of a YAML description it publishes (a path or an
 * address): beside it, `.json` for `.yaml` (scripts/mcp-package/json-copies.ts).
 */
export function jsonCopyOf(yamlPath: string): string {
  return yamlPath.replace(/\.ya?ml$/, '.json');
}

/** The download of one section: its file bundled into one self-contained description. */
export function sectionDownload(section: GeraiApiSection): string {
  return `gerai-${section.id}.yaml`;
}

/** The download that joins every section into one description. */
export const GERAI_FULL_DOWNLOAD = 'gerai-merchant-api.yaml';

/**
 * Where the build publishes each release of the merchant API (`<release>.yaml`, as in
 * `openapi/releases/`) and their changes (API_CHANGES_DOWNLOAD), for the MCP server
 * (scripts/mcp-package/publish-releases.ts).
 */
export const RELEASE_DOWNLOADS_PATH = `${OPENAPI_DOWNLOADS_PATH}releases/`;

/** Each release's changes against the one before, and the description's since the last release. */
export const API_CHANGES_DOWNLOAD = 'changes.json';

/**
 * The `info` title and description of the joined download, which its Postman
 * collection takes as its name. `redocly join` would keep the first section's.
 */
export const GERAI_FULL_TITLE = `${PRODUCT_NAME} Merchant API`;
export const GERAI_FULL_DESCRIPTION =
  `The whole ${PRODUCT_NAME} merchant API in one description: outlet information, ` +
  `${PRODUCT_NAME} Food (menus, stock, orders and promotions), ${PRODUCT_NAME} Pay (QRIS payments), ` +
  `${PRODUCT_NAME} POS (the point-of-sale back office), notification subscriptions, troubleshooting, ` +
  'the webhook events, and the OAuth 2.0 authorization server that issues the access tokens. ' +
  "The REST API's operations use the top-level servers; the authorization server's operations list its own hosts.";

/** The Postman collection (v2.1) of the joined description, written beside it. */
export const GERAI_POSTMAN_DOWNLOAD = 'gerai-merchant-api.postman_collection.json';

/** The sample pet store's description under `openapi/`, bundled into a download of the same name. */
export const PETSTORE_DESCRIPTION = 'petstore.yaml';

/** The id the generator gives a tag's page: the tag name in kebab case. */
export function tagPageId(tag: string): string {
  return tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
