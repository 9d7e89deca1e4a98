/**
 * The classic theme (@docusaurus/theme-classic) as docusaurus.config.ts loads it, without Prism
 * on every page (see classicThemeWithoutEagerPrism below).
 *
 * Why: the theme always adds `./prism-include-languages` as a client module; no option removes it.
 * Upgrade: UPGRADING.md#srcpluginsclassic-theme.
 */
import path from 'node:path';

import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import * as classicThemeModule from '@docusaurus/theme-classic';
import type {Options} from '@docusaurus/theme-classic';

/** The theme's module: its declarations leave out the validation of its options and of `themeConfig`. */
const classicTheme = classicThemeModule as unknown as {
  default: (context: LoadContext, options: Options) => Plugin<undefined>;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
  validateThemeConfig: NonNullable<PluginModule['validateThemeConfig']>;
  getSwizzleConfig: PluginModule['getSwizzleConfig'];
};

// Docusaurus reads these from the plugin's module: the theme's defaults for `themeConfig` come from them.
export const validateOptions = classicTheme.validateOptions;
export const validateThemeConfig = classicTheme.validateThemeConfig;
// `docusaurus swizzle` reads which of the theme's components are safe to wrap or eject from it.
export const getSwizzleConfig = classicTheme.getSwizzleConfig;

/** The client module by which the classic theme loads Prism, its grammars and the site's languages on every page. */
const PRISM_CLIENT_MODULE = './prism-include-languages';

/** Where the classic theme's relative paths (components, client modules) start from. */
const THEME_DIR = path.dirname(require.resolve('@docusaurus/theme-classic'));

/**
 * The classic theme, without Prism in the script every page starts with.
 *
 * The theme loads Prism (prism-react-renderer and the grammars of
 * `prism.additionalLanguages`) as a client module, which puts it
 * in the main bundle: a phone runs it before the page responds, code blocks
 * or not. Code blocks of Markdown are
 * highlighted while the site is built (src/remark/highlight-code.ts), and
 * `@theme/CodeBlock/Content` loads Prism only for code written in the browser.
 * Everything else is the theme as it is; its paths, relative to its own
 * folder, are made absolute because this plugin lives in another.
 */
export default function classicThemeWithoutEagerPrism(
  context: LoadContext,
  options: Options,
): Plugin<undefined> {
  const theme = classicTheme.default(context, options);
  const clientModules = theme.getClientModules?.() ?? [];
  if (!clientModules.includes(PRISM_CLIENT_MODULE)) {
    throw new Error(
      `classic-theme: the classic theme no longer adds ${PRISM_CLIENT_MODULE} as a client module (it adds ${clientModules.join(', ')}). Check how its new version loads Prism before upgrading.`,
    );
  }
  const fromTheme = (file: string) => path.resolve(THEME_DIR, file);
  const {getThemePath, getTypeScriptThemePath} = theme;
  return {
    ...theme,
    ...(getThemePath ? {getThemePath: () => fromTheme(getThemePath())} : {}),
    ...(getTypeScriptThemePath ? {getTypeScriptThemePath: () => fromTheme(getTypeScriptThemePath())} : {}),
    getClientModules: () => clientModules.filter((file) => file !== PRISM_CLIENT_MODULE).map(fromTheme),
  };
}
