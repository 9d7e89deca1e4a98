// First: the OpenAPI plugin reads `localStorage` as it loads (see the module).
import './src/shims/web-storage';

import type {MDXPlugin} from '@docusaurus/mdx-loader';
import type {Options as BlogPluginOptions} from '@docusaurus/plugin-content-blog';
import type {Options as DocsPluginOptions} from '@docusaurus/plugin-content-docs';
import type {Options as PagesPluginOptions} from '@docusaurus/plugin-content-pages';
import type {Options as SitemapPluginOptions} from '@docusaurus/plugin-sitemap';
import type {Options as ClassicThemeOptions} from '@docusaurus/theme-classic';
import type {UserThemeConfig as ClassicThemeConfig} from '@docusaurus/theme-common';
import type {Config, PluginConfig, ThemeConfig} from '@docusaurus/types';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import type {PluginOptions as OpenApiPluginOptions} from 'docusaurus-plugin-openapi-docs/src/types';
import type {ThemeConfig as OpenApiThemeConfig} from 'docusaurus-theme-openapi-docs';
import {themes as prismThemes} from 'prism-react-renderer';
import remarkCodeImport from 'remark-code-import';

import {PORTAL_TITLE, PRODUCT_NAME, SUPPORT_EMAIL, TAGLINE} from './src/constants';
import {docsEditUrl} from './src/config/edit-url';
import remarkDiagrams, {DIAGRAM_OPTIONS} from './src/remark/diagrams';
import remarkHighlightCode, {type HighlightCodeOptions} from './src/remark/highlight-code';
import remarkRequestSamples, {type RequestSamplesOptions} from './src/remark/request-samples';
import remarkSubstituteTokens from './src/remark/substitute-tokens';
import {withOptions} from './src/remark/with-options';
import {readBuildEnvironment} from './src/config/build-environment';
import {tagManagerPlugin} from './src/config/tag-manager';
import {
  createApiPageMarkdown,
  createMerchantApiPageMarkdown,
  releaseApiPageMarkdown,
} from './src/api-reference/page/markdown';
import {preparedSpecPath} from './src/api-reference/description';
import {pageSidebarItem} from './src/api-reference/sidebars/sidebar-item';
import {
  RELEASE_PAGES_DIR,
  releaseNames,
  releaseRedirects,
  releaseSpecPath,
  RELEASES_ROUTE,
} from './src/api-reference/releases';
import {
  geraiApiSections,
  OPENAPI_DOWNLOADS_PATH,
  PETSTORE_DESCRIPTION,
  sectionDownload,
} from './src/config/openapi';
import {languageTabs} from './src/config/code-samples';
import type {IndexedRoutes} from './src/plugins/search/build';
import {DEV_SERVER_VARIABLE} from './src/plugins/dev-server';
import type {MovedPagesOptions} from './src/plugins/moved-pages';

// This runs in Node.js (not in the browser).

// SITE_URL and GTM_CONTAINER_ID, checked: a bad value stops here with a message naming it.
const environment = readBuildEnvironment();

// Only languages prism-react-renderer lacks: it already has JSON, Python, Go and YAML.
const prismLanguages = ['bash', 'java', 'php', 'http'];

// Each plugin's options are bound to it (withOptions): options beside a plugin would be written
// into every page's main.js, for every content plugin.
const remarkPlugins: MDXPlugin[] = [
  withOptions(remarkCodeImport, {rootDir: __dirname}),
  remarkSubstituteTokens,
  // An API request written once, as an `http` block, shown in every language of the request panel.
  withOptions(remarkRequestSamples, {
    siteDir: __dirname,
    additionalLanguages: prismLanguages,
  } satisfies RequestSamplesOptions),
  // Last: it highlights code blocks as the plugins above leave them.
  withOptions(remarkHighlightCode, {additionalLanguages: prismLanguages} satisfies HighlightCodeOptions),
];

// The pages the search index reads (src/plugins/search builds the index; the local search
// plugin's options name the same routes for its search box and page).
const searchIndexRoutes = {
  // Both blog instances: their lists of posts and tag pages are left out of the index.
  blogRouteBasePath: ['blog', 'changelog'],
  docsRouteBasePath: ['docs', 'api'],
  // Lists of posts, with no title or text of their own: as results they were unnamed links. And
  // the earlier releases of the API reference: each has an index of its own (see the search
  // plugin's `releases`), which the search page reads when a reader picks that release.
  ignoreFiles: ['blog/archive', 'blog/authors', 'changelog/archive', /^docs\/api\/releases(\/|$)/],
  // A guide's request is indexed once, in the language its page shows first: the same call in
  // five more languages (src/components/RequestSamples) is nothing a reader searches for.
  // What is marked as no content of the page (the release switcher of a reference page) is not
  // searched either.
  ignoreCssSelectors: ['[data-request-samples] [role="tabpanel"][hidden]', '[data-markdown="skip"]'],
} satisfies IndexedRoutes;

// Before Docusaurus's own: a diagram drawn ahead of the build becomes an image, not a code block to draw.
const beforeDefaultRemarkPlugins: MDXPlugin[] = [withOptions(remarkDiagrams, {siteDir: __dirname})];

const config: Config = {
  title: PORTAL_TITLE,
  tagline: TAGLINE,
  favicon: 'img/favicon.svg',
  titleDelimiter: '|',

  future: {
    v4: true,
    // Rspack and the other faster tools (with v4, each flag not named here is on), but each side's
    // MDX compiled by that side: `npm run build` bundles the server's code and the browser's in
    // separate processes (scripts/build-site/), where the server would wait forever for the
    // browser's compilation of each page to share.
    faster: {mdxCrossCompilerCache: false},
  },

  url: environment.siteUrl,
  baseUrl: '/',
  trailingSlash: undefined,

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',

  markdown: {
    mermaid: true,
    hooks: {
      onBrokenMarkdownLinks: 'throw',
      onBrokenMarkdownImages: 'throw',
    },
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {
      en: {label: 'English', direction: 'ltr', htmlLang: 'en'},
    },
  },

  // The releases of the merchant API whose reference pages the site keeps (/docs/api/releases/),
  // oldest first: the release list, the search page's choice of release and the check of its
  // `version` read them here (src/api-reference/client.ts).
  customFields: {apiReleases: releaseNames()},

  clientModules: ['./src/clientModules/limitSearchAddress.ts', './src/clientModules/routeLoadFailure.ts'],

  // The plugins of the classic preset, listed one by one: the site uses its own
  // version of the classic theme (see themes below).
  plugins: [
    '@docusaurus/plugin-css-cascade-layers',
    [
      '@docusaurus/plugin-content-docs',
      {
        path: 'docs',
        routeBasePath: 'docs',
        sidebarPath: './sidebars.ts',
        beforeDefaultRemarkPlugins,
        remarkPlugins,
        editUrl: docsEditUrl,
        showLastUpdateTime: true,
        lastVersion: 'current',
        versions: {
          current: {label: 'Next', path: ''},
        },
      } satisfies DocsPluginOptions,
    ],
    [
      '@docusaurus/plugin-content-blog',
      {
        showReadingTime: true,
        blogTitle: `${PRODUCT_NAME} developer blog`,
        blogDescription: `News from the ${PRODUCT_NAME} developer relations team.`,
        tags: 'tags.yml',
        authorsMapPath: 'authors.yml',
        onInlineTags: 'throw',
        onInlineAuthors: 'throw',
        onUntruncatedBlogPosts: 'throw',
        beforeDefaultRemarkPlugins,
        remarkPlugins,
        feedOptions: {type: ['rss', 'atom'], xslt: true},
      } satisfies BlogPluginOptions,
    ],
    [
      '@docusaurus/plugin-content-pages',
      {beforeDefaultRemarkPlugins, remarkPlugins} satisfies PagesPluginOptions,
    ],
    [
      '@docusaurus/plugin-sitemap',
      {
        changefreq: 'weekly',
        priority: 0.5,
        // The date each page last changed, from git (the docs and blog plugins read it).
        lastmod: 'date',
      } satisfies SitemapPluginOptions,
    ],
    '@docusaurus/plugin-svgr',
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'api',
        path: 'api',
        routeBasePath: 'api',
        sidebarPath: './sidebars-api.ts',
        beforeDefaultRemarkPlugins,
        remarkPlugins,
        editUrl: docsEditUrl,
        showLastUpdateTime: true,
      },
    ],
    [
      '@docusaurus/plugin-content-blog',
      {
        id: 'changelog',
        path: 'changelog',
        routeBasePath: 'changelog',
        blogTitle: `${PRODUCT_NAME} API changelog`,
        blogDescription: `Every change to the ${PRODUCT_NAME} merchant API, newest first: what was added, changed, deprecated or removed.`,
        blogSidebarTitle: 'Recent changes',
        blogSidebarCount: 'ALL',
        postsPerPage: 20,
        showReadingTime: false,
        tags: 'tags.yml',
        onInlineTags: 'throw',
        onInlineAuthors: 'throw',
        // Entries are a few lines each and read in full on the list.
        onUntruncatedBlogPosts: 'ignore',
        beforeDefaultRemarkPlugins,
        remarkPlugins,
        feedOptions: {
          type: ['rss', 'atom'],
          xslt: true,
          title: `${PRODUCT_NAME} API changelog`,
          description: `Changes to the ${PRODUCT_NAME} merchant API.`,
        },
      } satisfies BlogPluginOptions,
    ],
    [
      'docusaurus-plugin-openapi-docs',
      {
        id: 'petstore',
        docsPluginId: 'api',
        config: {
          petstore: {
            // The description as the generator reads it, prepared by `npm run gen-api` from
            // openapi/petstore.yaml (src/api-reference/description.ts).
            specPath: preparedSpecPath('petstore'),
            outputDir: 'api',
            showInfoPage: false,
            downloadUrl: `${OPENAPI_DOWNLOADS_PATH}${PETSTORE_DESCRIPTION}`,
            sidebarOptions: {groupPathsBy: 'tag', sidebarGenerators: {createDocItem: pageSidebarItem}},
            markdownGenerators: {createApiPageMD: createApiPageMarkdown},
          },
        },
      } satisfies OpenApiPluginOptions,
    ],
    [
      'docusaurus-plugin-openapi-docs',
      {
        id: 'gerai',
        docsPluginId: 'classic',
        config: Object.fromEntries(
          geraiApiSections.map((section) => [
            section.id,
            {
              // openapi/gerai/<file> bundled with the files it refers to, written by `npm run
              // gen-api` (src/api-reference/prepare.ts): a copy of its own, which the development
              // server writes with the operations a change touched alone.
              specPath: preparedSpecPath(section.id),
              outputDir: `docs/api/${section.outputDir}`,
              showInfoPage: false,
              downloadUrl: `${OPENAPI_DOWNLOADS_PATH}${sectionDownload(section)}`,
              sidebarOptions: {
                groupPathsBy: 'tag',
                categoryLinkSource: 'tag',
                sidebarGenerators: {createDocItem: pageSidebarItem},
              },
              markdownGenerators: {createApiPageMD: createMerchantApiPageMarkdown},
            } satisfies OpenApiPlugin.Options,
          ]),
        ),
      } satisfies OpenApiPluginOptions,
    ],
    // The earlier releases of the merchant API reference, one folder per release of
    // openapi/releases/, generated by `npm run gen-api` like the current reference (the instance
    // below), and served under /docs/api/releases/<release>/. A docs instance of their own: the
    // main one's single version is the spec's ('current', at /docs), and its pages are not indexed
    // with the current reference's.
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'api-releases',
        path: RELEASE_PAGES_DIR,
        routeBasePath: RELEASES_ROUTE.slice(1),
        sidebarPath: './sidebars-api-releases.ts',
        // The pages' bodies are HTML already (src/api-reference/page/html.ts): the
        // plugins only read their heads, and a release's own page.
        beforeDefaultRemarkPlugins,
        remarkPlugins,
        // The folders are the releases' dates, not ordering prefixes.
        numberPrefixParser: false,
      } satisfies DocsPluginOptions,
    ],
    [
      'docusaurus-plugin-openapi-docs',
      {
        id: 'releases',
        docsPluginId: 'api-releases',
        config: Object.fromEntries(
          releaseNames().map((release) => [
            release,
            {
              // The release's description with only what it changed (`npm run gen-api` writes it).
              specPath: releaseSpecPath(release),
              outputDir: `${RELEASE_PAGES_DIR}/${release}`,
              showInfoPage: false,
              sidebarOptions: {groupPathsBy: 'tag', sidebarGenerators: {createDocItem: pageSidebarItem}},
              markdownGenerators: {createApiPageMD: releaseApiPageMarkdown(release)},
            } satisfies OpenApiPlugin.Options,
          ]),
        ),
      } satisfies OpenApiPluginOptions,
    ],
    [
      '@docusaurus/plugin-client-redirects',
      {
        redirects: [{from: '/docs', to: '/docs/docs/intro'}],
      },
    ],
    // An earlier release's address of an operation it did not change leads to the page of the
    // release that last changed it (src/api-reference/releases.ts).
    ['./src/plugins/moved-pages/index.ts', {moved: releaseRedirects} satisfies MovedPagesOptions],
    './src/plugins/api-reference-bundle/index.ts',
    // The request panel's operation in a file of its own, not in the page's script.
    './src/plugins/operation-files/index.ts',
    './src/plugins/request-samples/index.ts',
    ['./src/plugins/search/index.ts', searchIndexRoutes],
    './src/plugins/sidebar-links/index.ts',
    './src/plugins/chunk-file-names/index.ts',
    // A rebuild that keeps its cache minifies only the scripts whose code changed.
    './src/plugins/minified-scripts/index.ts',
    './src/plugins/robots-txt/index.ts',
    './src/plugins/api-catalog/index.ts',
    './src/plugins/page-markdown/index.ts',
    './src/plugins/bundler-memory/index.ts',
    // An absolute import is resolved as the path it is, not first under the static folders.
    './src/plugins/absolute-requests/index.ts',
    // Each page's JSX calls a local function, not an import: fewer dependencies for the bundler.
    './src/plugins/mdx-jsx-bindings/index.ts',
    // The browser learns the site's routes a page at a time, instead of from a table of every
    // route in main.js: production builds of the browser's code only.
    './src/plugins/route-data/index.ts',
    // `npm start` only (scripts/start-site/): pages compiled when first visited, and the API
    // description's problems shown in the browser. Never in a build, whose output it would change.
    ...(process.env[DEV_SERVER_VARIABLE] === 'true' ? ['./src/plugins/dev-server/index.ts'] : []),
    ...tagManagerPlugin(environment.tagManagerContainerId),
  ] satisfies PluginConfig[],

  themes: [
    [
      './src/plugins/classic-theme/index.ts',
      {customCss: './src/css/custom.css'} satisfies ClassicThemeOptions,
    ],
    './src/plugins/openapi-theme/index.ts',
    '@docusaurus/theme-mermaid',
    [
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: 'query',
        language: ['en'],
        indexDocs: true,
        indexBlog: true,
        indexPages: true,
        // The portal builds the index itself, in worker threads (src/plugins/search): a
        // pattern that every route matches keeps the plugin from reading any page and building a
        // full index in one thread, which the portal only threw away (no option turns its
        // indexing off). indexDocs and indexBlog stay on: the plugin hashes the docs and blog
        // sources into the index address's `?_=` version. Upgrade: UPGRADING.md#srcpluginssearch.
        ignoreFiles: [/(?:)/],
        blogRouteBasePath: searchIndexRoutes.blogRouteBasePath,
        docsRouteBasePath: searchIndexRoutes.docsRouteBasePath,
        docsPluginIdForPreferredVersion: 'default',
        explicitSearchResultPath: true,
        highlightSearchTermsOnTargetPage: true,
        searchResultLimits: 8,
        searchResultContextMaxLength: 50,
        searchBarShortcut: true,
        searchBarShortcutKeymap: 'mod+k',
        searchBarShortcutHint: true,
        searchBarPosition: 'right',
        removeDefaultStopWordFilter: ['en'],
      },
    ],
  ],

  themeConfig: {
    // The link-preview image of every page, 1200x630, drawn by scripts/render-social-card.ts.
    image: 'img/social-card.png',
    metadata: [
      {name: 'keywords', content: 'Gerai, API, developer, food ordering, POS, QRIS, webhooks, OAuth 2.0'},
    ],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: true,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: 'sandbox-pos-reporting-2026-11',
      content:
        'POS reporting endpoints are now in the sandbox. <a href="/docs/api/mokapos-integration/intro">Read the POS integration guide</a>.',
      isCloseable: true,
    },
    docs: {
      sidebar: {hideable: false, autoCollapseCategories: false},
    },
    // The sidebar of the blog and of the changelog lists posts without a heading per year: the
    // year headings (<h3>) came before the page's <h1> and broke its heading order.
    blog: {sidebar: {groupByYear: false}},
    // As the diagrams drawn ahead of the build are (src/remark/diagrams.ts), for one drawn in the browser.
    mermaid: {options: DIAGRAM_OPTIONS},
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 5,
    },
    navbar: {
      title: PORTAL_TITLE,
      hideOnScroll: true,
      logo: {
        alt: `${PRODUCT_NAME} logo`,
        src: 'img/logo.svg',
        width: 32,
        height: 32,
      },
      items: [
        {
          type: 'dropdown',
          label: 'Products',
          position: 'left',
          items: [
            {label: 'Food', to: '/food/'},
            {label: 'Payment', to: '/payment/'},
          ],
        },
        {
          type: 'docSidebar',
          sidebarId: 'docsSidebar',
          position: 'left',
          label: 'Documentation',
        },
        {
          type: 'docSidebar',
          sidebarId: 'apiSidebar',
          position: 'left',
          label: 'API Reference',
        },
        {to: '/contact-us/', label: 'Contact Us', position: 'left'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Products',
          items: [
            {label: `${PRODUCT_NAME} Food`, to: '/food/'},
            {label: `${PRODUCT_NAME} Pay`, to: '/payment/'},
            {label: `${PRODUCT_NAME} POS`, to: '/docs/api/mokapos-integration/intro'},
          ],
        },
        {
          title: 'Documentation',
          items: [
            {label: 'Getting started', to: '/docs/docs/getting-started'},
            {label: 'Authentication', to: '/docs/docs/authentication'},
            {label: 'Webhooks', to: '/docs/api/webhooks/'},
            {label: 'Troubleshooting', to: '/docs/docs/troubleshooting'},
          ],
        },
        {
          title: 'Reference',
          items: [
            {label: 'API reference', to: '/docs/api/intro'},
            {label: 'Event list', to: '/docs/api/event-list'},
            {label: 'Objects glossary', to: '/docs/api/objects-glossary'},
            {label: 'API changelog', to: '/changelog'},
            {label: 'Sample pet store API', to: '/api'},
          ],
        },
        {
          title: 'Support',
          items: [
            {label: 'Contact Us', to: '/contact-us/'},
            {label: 'Blog', to: '/blog'},
            {label: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}`},
          ],
        },
      ],
      copyright: `Copyright © ${new Date().getFullYear()} ${PRODUCT_NAME}. ${PRODUCT_NAME} and every host on this site are fictional; the hosts use the reserved .example domain.`,
    },
    prism: {
      // The site is light only (colorMode above), so there is no dark theme to ship to every page.
      theme: prismThemes.github,
      // Code blocks of Markdown are highlighted as the site is built (src/remark/highlight-code.ts);
      // the browser loads Prism and these languages only for code written there.
      additionalLanguages: prismLanguages,
    },
    // The request panel's languages; the requests of the guides are shown in the same ones (src/config/code-samples.ts).
    languageTabs: languageTabs(),
  } satisfies ThemeConfig & ClassicThemeConfig & OpenApiThemeConfig,
};

export default config;
