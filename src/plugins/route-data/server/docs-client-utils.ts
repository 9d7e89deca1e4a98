/**
 * Replaces the docs plugin's `docsClientUtils` (lib/client/docsClientUtils.js) in the server
 * bundle (./index.ts): the active doc of an address is found in a table of the version's docs
 * (./find-by-path.ts) instead of by trying every doc's path, and a doc's pages in other
 * versions in a table of ids. The other functions are the plugin's own.
 */
import type {
  ActiveDocContext,
  DocVersionSuggestions,
  GlobalDoc,
  GlobalPluginData,
  GlobalVersion,
} from '@docusaurus/plugin-content-docs/client';
import {matchPath} from '@docusaurus/router';
import {getActivePlugin, getActiveVersion, getLatestVersion} from '@gerai/docs-client-utils';

import {findIndexByPath, isPlainPath} from './find-by-path';

export {getActivePlugin, getActiveVersion, getLatestVersion};

/** For each docs list, the last doc of each id (a scan that keeps the last match). */
const byId = new WeakMap<readonly GlobalDoc[], ReadonlyMap<string, GlobalDoc>>();

function docWithId(docs: readonly GlobalDoc[], id: string): GlobalDoc | undefined {
  let table = byId.get(docs);
  if (!table) {
    table = new Map(docs.map((doc) => [doc.id, doc]));
    byId.set(docs, table);
  }
  return table.get(id);
}

function docAt(version: GlobalVersion, pathname: string): GlobalDoc | undefined {
  const index = findIndexByPath(
    version.docs,
    pathname,
    (doc) => (isPlainPath(doc.path) ? doc.path : undefined),
    (doc) => !!matchPath(pathname, {path: doc.path, exact: true, strict: false}),
  );
  return index === -1 ? undefined : version.docs[index];
}

export function getActiveDocContext(data: GlobalPluginData, pathname: string): ActiveDocContext {
  const activeVersion = getActiveVersion(data, pathname);
  const activeDoc = activeVersion && docAt(activeVersion, pathname);
  const alternateDocVersions: ActiveDocContext['alternateDocVersions'] = {};
  if (activeDoc) {
    for (const version of data.versions) {
      const doc = docWithId(version.docs, activeDoc.id);
      if (doc) alternateDocVersions[version.name] = doc;
    }
  }
  return {activeVersion, activeDoc, alternateDocVersions};
}

export function getDocVersionSuggestions(data: GlobalPluginData, pathname: string): DocVersionSuggestions {
  const latestVersionSuggestion = getLatestVersion(data);
  const latestDocSuggestion = getActiveDocContext(data, pathname).alternateDocVersions[
    latestVersionSuggestion.name
  ];
  return {latestDocSuggestion, latestVersionSuggestion};
}
