/**
 * Removes the `localStorage` global from a process of the build, `npm run gen-api` and
 * `npm start`, as Node.js 24 has it. Imported first by docusaurus.config.ts and by the Postman
 * collection's converter (scripts/generate-api-docs/postman-collection.ts).
 *
 * What: Node.js 25 and later define `localStorage` on the global object; without
 * `--localstorage-file`, reading it gives `undefined` and prints "ExperimentalWarning:
 * localStorage is not available because --localstorage-file was not provided." Postman's
 * converter (openapi-to-postmanv2, which docusaurus-plugin-openapi-docs and the Postman
 * collection load) reads it as it loads: its bundled json-schema-faker asks `localStorage`
 * whether deprecations are silenced (util-deprecate's browser build). Every build, `gen-api` and
 * `npm start` on Node.js 26 printed the warning, and it came last in what `gen-api` prints when
 * it stops on a bad environment variable or reuses its last run. With the global removed, the
 * value read is `undefined` as before, without the warning. A process given
 * `--localstorage-file` keeps its storage.
 * Why no option: Node.js 22 to 24 name the switch `--experimental-webstorage` and Node.js 20 has
 * none, so `--no-experimental-webstorage` stops Node.js 20 at its start; and the warning is no
 * deprecation that `--no-deprecation` silences.
 * Upgrade: UPGRADING.md#srcshimsweb-storagets.
 */
const storageGiven = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) =>
  arg.startsWith('--localstorage-file'),
);
if (!storageGiven) delete (globalThis as {localStorage?: unknown}).localStorage;

export {};
