/**
 * What llms.txt (https://llmstxt.org) lists, written by src/plugins/page-markdown
 * after the build: the summary under the site's title, where the MCP server
 * answers, one section per sidebar, and the downloads. Kept out of
 * docusaurus.config.ts, whose plugin options are shipped to every page's JavaScript.
 */
import {PRODUCT_NAME} from '../constants';
import {MCP_GUIDE_PATH} from './mcp';
import {mcpAddresses} from './mcp-clients';
import {GERAI_FULL_DOWNLOAD, GERAI_POSTMAN_DOWNLOAD, OPENAPI_DOWNLOADS_PATH} from './openapi';
import {markdownPath} from './page-markdown';

export interface LlmsListing {
  /** The one-paragraph summary under the title. */
  readonly summary: string;
  /**
   * The paragraphs between the summary and the first section, one line each, for the site at
   * `siteUrl`: the MCP server, for an assistant that can ask it rather than read the files.
   */
  readonly preamble: (siteUrl: string) => readonly string[];
  /** The sections, in order: a heading and the sidebar whose pages it lists. */
  readonly sections: readonly {heading: string; docsPluginId: string; sidebarId: string}[];
  /** The blog instances whose posts are listed after the sidebars, newest first: a heading each. */
  readonly blogs: readonly {heading: string; blogPluginId: string}[];
  /** Links that are not pages, listed last, with their descriptions. */
  readonly files: readonly {title: string; path: string; description: string}[];
  /**
   * Docs instances whose pages get their Markdown but are left out of llms.txt and llms-full.txt,
   * but for their index page, under "Optional": the earlier releases of the reference, which an
   * agent must not take for the API as it is.
   */
  readonly unlistedDocs: readonly string[];
}

export const LLMS_LISTING: LlmsListing = {
  summary:
    `Guides and API reference for partners who integrate with ${PRODUCT_NAME}: ` +
    `${PRODUCT_NAME} Food (menus, stock, orders and promotions on the food marketplace), ` +
    `${PRODUCT_NAME} Pay (QRIS payments) and ${PRODUCT_NAME} POS (the point-of-sale back office), ` +
    'over REST APIs authorized with OAuth 2.0, with signed webhooks for events.',
  preamble: (siteUrl) => {
    const mcp = mcpAddresses(siteUrl);
    return [
      `An MCP server answers at ${mcp.server} (Streamable HTTP, read-only, no sign-in): it searches and ` +
        'reads these pages, describes each operation and webhook event of the API, lists its changes and ' +
        'checks webhook signatures.',
      `To run the same server on your machine, over stdio: \`npx -y ${mcp.package}\`.`,
      'How to connect Claude, ChatGPT, Cursor or VS Code to it: ' +
        `[Use the portal from your AI assistant](${siteUrl.replace(/\/+$/, '')}${markdownPath(MCP_GUIDE_PATH)}).`,
    ];
  },
  sections: [
    {heading: 'Documentation', docsPluginId: 'default', sidebarId: 'docsSidebar'},
    {heading: 'API reference', docsPluginId: 'default', sidebarId: 'apiSidebar'},
    {heading: 'Sample pet store API', docsPluginId: 'api', sidebarId: 'petstoreSidebar'},
  ],
  blogs: [
    {heading: 'API changelog', blogPluginId: 'changelog'},
    {heading: 'Blog', blogPluginId: 'default'},
  ],
  unlistedDocs: ['api-releases'],
  files: [
    {
      title: 'Merchant API, OpenAPI 3.1',
      path: `${OPENAPI_DOWNLOADS_PATH}${GERAI_FULL_DOWNLOAD}`,
      description: 'every operation, schema and webhook event of the merchant API in one description.',
    },
    {
      title: 'Merchant API, Postman collection',
      path: `${OPENAPI_DOWNLOADS_PATH}${GERAI_POSTMAN_DOWNLOAD}`,
      description:
        'one request per operation, with the sandbox hosts and a script that gets the client-credentials token.',
    },
  ],
};
