/**
 * Replaces `@generated/registry` for Docusaurus's `ComponentCreator` in a production build: the
 * chunk names of the routes the browser knows, filled by ./store.ts as it learns them. Each entry is
 * what the generated registry holds: the loader, the module's path and its id.
 */
const registry: Record<string, [() => Promise<unknown>, string, string | number]> = {};

export default registry;
