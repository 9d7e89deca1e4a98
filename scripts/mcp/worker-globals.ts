/**
 * What the site's search worker expects of a Web Worker's global scope when it is loaded: it
 * exposes itself to its page (Comlink's `expose`, which listens for messages). In Node.js nothing
 * sends it any; a listener that is never called stands in. Imported before the worker.
 */
const scope = globalThis as {addEventListener?: unknown};
scope.addEventListener ??= () => {};

export {};
