// The docs plugin's own client modules, as src/plugins/route-data/server's replacements import them.
declare module '@gerai/docs-client-utils' {
  export {
    getActivePlugin,
    getActiveVersion,
    getLatestVersion,
  } from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils';
}
declare module '@gerai/docs-utils' {
  export * from '@docusaurus/plugin-content-docs/lib/client/docsUtils';
}
