/**
 * The portal's one helper for module replacements (bundler plugins), used by ./route-data,
 * ./search, ./sidebar-links, ./api-reference-bundle and ./request-samples: makes the
 * imports of a module load another file.
 *
 * Why: Docusaurus has no option to replace a module a plugin or theme imports internally, and
 * an alias would replace every import of it, not only those written in one package.
 * Upgrade: UPGRADING.md#srcpluginsreplace-modulets.
 */
import type {CurrentBundler} from '@docusaurus/types';
import type {WebpackPluginInstance} from 'webpack';

/** What the bundler hands a module replacement: before resolving, and again after. */
interface ReplaceableResource {
  /** The folder of the importing module. */
  context?: string;
  request: string;
  createData?: {resource?: string};
}

/**
 * A bundler plugin (webpack's or Rspack's NormalModuleReplacementPlugin) that
 * makes imports matching `pattern` load the file `replacement` instead. With
 * `importedFrom`, only imports written in a folder that matches it are
 * replaced, so the replacement can itself import the original.
 */
export function replaceModule(
  bundler: CurrentBundler,
  pattern: RegExp,
  replacement: string,
  importedFrom?: RegExp,
): WebpackPluginInstance {
  return new bundler.instance.NormalModuleReplacementPlugin(pattern, (resource: ReplaceableResource) => {
    if (importedFrom && !importedFrom.test(resource.context ?? '')) {
      return;
    }
    resource.request = replacement;
    // Rspack also calls back after resolving; the resolved file has to change too.
    if (resource.createData?.resource) {
      resource.createData.resource = replacement;
    }
  });
}
