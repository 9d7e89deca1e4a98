/**
 * Replaces `@generated/routesChunkNames` in a production build: the chunk names of the routes the
 * browser knows, by Docusaurus's key of each route (`<path>-<hash>`), filled by ./store.ts.
 */
import type {RouteChunkNames} from '@docusaurus/types';

const chunkNames: RouteChunkNames = {};

export default chunkNames;
