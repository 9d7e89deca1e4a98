/**
 * A loader of the browser's production build for two of the JSON files Docusaurus generates
 * (./index.ts applies it to them), so that main.js and every page's scripts stop carrying the
 * whole site's docs (ARCHITECTURE.md#the-docs-data):
 *
 * - `globalData.json`: each docs version keeps of its docs only the main doc and those the navbar
 *   names, and of its sidebars those the navbar names; the browser adds the doc of each page it
 *   learns (./client/store.ts), which is what the theme looks up (the navbar's active item);
 * - a docs version's props (`{version: {docsSidebars, docs, …}}`, loaded by every page of the
 *   version): without its sidebars and docs; each page's own part of them comes with its route
 *   data (./docs-view.ts) and src/theme/DocVersionRoot puts it back;
 * - a doc's metadata (`site-*.json`, which its page's module imports as `metadata`): without the
 *   OpenAPI plugin's `api` front matter, the page's operation, compressed. The MDX module exports
 *   the front matter itself, which is what `useDoc().frontMatter` and the OpenAPI theme's
 *   `ApiItem` read; the copy in `metadata.frontMatter` was read by nothing and was an eighth of a
 *   reference page's chunk as the browser parses it (gzip shares the two copies, so the download
 *   is about a hundred bytes smaller). The docs plugin puts the whole front matter in the
 *   metadata, with no option to leave a field out.
 *
 * Other files pass unchanged. The server's build keeps them whole: the pages it renders are what
 * the browser draws again from the parts.
 */
module.exports = function routeDataJsonLoader(source) {
  const {docIds = [], sidebarIds = []} = this.getOptions();
  const data = JSON.parse(source);
  if (/[\\/]site-[^\\/]+\.json$/.test(this.resourcePath)) {
    const frontMatter = data && typeof data === 'object' ? data.frontMatter : undefined;
    if (!frontMatter || typeof frontMatter !== 'object' || !('api' in frontMatter)) return source;
    const rest = {...frontMatter};
    delete rest.api;
    return JSON.stringify({...data, frontMatter: rest});
  }
  const version = data && typeof data === 'object' ? data.version : undefined;
  if (version && typeof version === 'object' && 'docsSidebars' in version && 'docs' in version) {
    return JSON.stringify({...data, version: {...version, docsSidebars: {}, docs: {}}});
  }
  const docsPlugins = this.resourcePath.endsWith('globalData.json')
    ? data['docusaurus-plugin-content-docs']
    : undefined;
  if (!docsPlugins) return source;
  for (const plugin of Object.values(docsPlugins)) {
    for (const entry of plugin.versions) {
      entry.docs = entry.docs.filter((doc) => doc.id === entry.mainDocId || docIds.includes(doc.id));
      entry.sidebars = Object.fromEntries(
        Object.entries(entry.sidebars ?? {}).filter(([id]) => sidebarIds.includes(id)),
      );
    }
  }
  return JSON.stringify(data);
};
