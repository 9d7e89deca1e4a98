/**
 * The OpenAPI theme (docusaurus-theme-openapi-docs) as docusaurus.config.ts loads it, with its
 * stylesheet moved from every page to the request panel: a client module taken out, a bundler
 * alias and a split-chunks group added (see openapiThemeWithPanelStylesheet below).
 *
 * Why: the theme adds its stylesheet to every page as a client module, and no option of the
 * theme or of Docusaurus loads it only where it is used.
 * Upgrade: UPGRADING.md#srcpluginsopenapi-theme.
 */
import type {Plugin} from '@docusaurus/types';
import * as openapiThemeModule from 'docusaurus-theme-openapi-docs';

/** The theme's plugin function: the package's declarations leave out its default export. */
const openapiTheme = (openapiThemeModule as unknown as {default: () => Plugin<void>}).default;

/** What the request panel imports to get the OpenAPI theme's stylesheet (see ApiExplorerPanel/Explorer.tsx). */
export const EXPLORER_STYLESHEET = '@gerai/api-explorer-stylesheet';

/** A pattern matching the path of `file` in a module's name. */
function pathOf(file: string): RegExp {
  return new RegExp(file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/**
 * The OpenAPI theme (its components, under `@theme/`), with its stylesheet
 * moved from every page to the request panel.
 *
 * The theme adds its stylesheet to every page as a client module, more than
 * half of the site's CSS (`npm run bench` weighs each page's), all of it for the request
 * panel (forms, code tabs, response viewer). Reference pages are written as
 * plain Markdown (src/api-reference) and use none of it. Here the
 * stylesheet is a module that the panel's own code imports, and it is put
 * in a CSS file of its own that loads with the panel: Docusaurus otherwise
 * puts all CSS, that of lazily loaded code included, into one file that
 * every page waits for before it renders.
 */
export default function openapiThemeWithPanelStylesheet(): Plugin<void> {
  const theme = openapiTheme();
  const stylesheets = theme.getClientModules?.() ?? [];
  if (stylesheets.length !== 1) {
    throw new Error(
      `openapi-theme: expected the OpenAPI theme to add one stylesheet to every page, found ${stylesheets.length}: ${stylesheets.join(', ')}. Check what its new version adds before upgrading.`,
    );
  }
  const [stylesheet] = stylesheets;
  return {
    ...theme,
    getClientModules: () => [],
    configureWebpack(config, isServer, utils, content) {
      const themeConfig = theme.configureWebpack?.(config, isServer, utils, content) ?? {};
      return {
        ...themeConfig,
        resolve: {
          ...themeConfig.resolve,
          alias: {[EXPLORER_STYLESHEET]: stylesheet},
        },
        ...(isServer
          ? {}
          : {
              optimization: {
                splitChunks: {
                  cacheGroups: {
                    apiExplorerStylesheet: {
                      name: 'api-explorer',
                      test: pathOf(stylesheet),
                      type: 'css/mini-extract',
                      chunks: 'async',
                      enforce: true,
                      // Above Docusaurus's group that puts all CSS into one file (priority 50).
                      priority: 60,
                    },
                  },
                },
              },
            }),
      };
    },
  };
}
