// The entry of the side a bundling process leaves out (./index.ts, GERAI_BUNDLE_ONLY): nothing.
