/**
 * The search plugin's build-time constant that the site's search worker imports, for the worker
 * run by the MCP server (./search.ts): the index's address without its hash, which only busts a
 * browser's cache (the server reads the files of the build it was started on).
 */
export const searchIndexUrl = 'search-index{dir}.json';
