// The local search writes its options into a generated module at build time; this states the part
// src/plugins/search/query/worker.ts reads.
declare module '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js' {
  /** The index address under the base URL: `search-index{dir}.json?_=<hash>`. */
  export const searchIndexUrl: string;
}
