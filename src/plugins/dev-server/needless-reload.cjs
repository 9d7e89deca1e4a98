/* eslint-disable @typescript-eslint/no-require-imports -- loaded by Docusaurus's patched start command, as CommonJS */
/**
 * Whether a saved file leaves its docs plugin's content as it is, so that `docusaurus start` need not
 * reload the plugin (patches/@docusaurus+core+3.10.2.patch asks, when scripts/start-site/ names
 * this module in RELOAD_FILTER_VARIABLE).
 *
 * Docusaurus reloads a docs plugin, every doc of it read and parsed again, for any saved doc: with a
 * hundred times the content, seconds of the server's main thread, during which Rspack, which
 * shows the page's new text by hot module replacement, waits for its hooks. What a doc's metadata
 * takes from its file is its front matter, its title (the front matter's, else the first heading)
 * and its description (the front matter's, else the first paragraph): a save that changes none of
 * them, a paragraph added or mended below the first, changes nothing the reload would make. The
 * check reads and parses that one file as the docs plugin does (its own front matter validation)
 * and compares with the doc as loaded. Anything else (a new or removed file, a file that is not a
 * doc, a doc the plugin titles by its file name) reloads as before.
 */
const {readFile} = require('node:fs/promises');
const path = require('node:path');
const {isDeepStrictEqual} = require('node:util');

const {aliasedSitePath, parseMarkdownFile} = require('@docusaurus/utils');
const {validateDocFrontMatter} = require('@docusaurus/plugin-content-docs/lib/frontMatter.js');

/**
 * @param {{
 *   site: {props: {siteDir: string, siteConfig: {markdown: {parseFrontMatter: unknown}}, plugins: Array<{name: string, options: {id?: string}, content?: unknown}>}},
 *   plugin: {name: string, options: {id?: string}},
 *   event: {name: string, path: string},
 * }} saved the site as last loaded, the plugin whose watched file changed, and the watcher's event
 * @returns {Promise<boolean>} true when the reload would change nothing
 */
async function needless({site, plugin, event}) {
  if (event.name !== 'change' || !/\.mdx?$/.test(event.path)) return false;
  const {siteDir, siteConfig, plugins} = site.props;
  const loaded = plugins.find((each) => each.name === plugin.name && each.options.id === plugin.options.id);
  const content = /** @type {{loadedVersions?: Array<{docs: Array<Record<string, unknown>>}>}} */ (
    loaded?.content
  );
  if (!content?.loadedVersions) return false;
  const filePath = path.resolve(siteDir, event.path);
  const source = aliasedSitePath(filePath, siteDir);
  const doc = content.loadedVersions
    .flatMap((version) => version.docs)
    .find((each) => each.source === source);
  if (!doc) return false;
  try {
    const parsed = await parseMarkdownFile({
      filePath,
      fileContent: await readFile(filePath, 'utf8'),
      parseFrontMatter: siteConfig.markdown.parseFrontMatter,
    });
    const frontMatter = validateDocFrontMatter(parsed.frontMatter);
    const title = frontMatter.title ?? parsed.contentTitle;
    const description = frontMatter.description ?? parsed.excerpt ?? '';
    return (
      title !== undefined &&
      title === doc.title &&
      description === doc.description &&
      isDeepStrictEqual(frontMatter, doc.frontMatter)
    );
  } catch {
    // Unreadable or invalid: the reload says why.
    return false;
  }
}

module.exports = {needless};
