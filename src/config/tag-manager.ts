import type {PluginConfig} from '@docusaurus/types';

import {tagManagerContainerId} from './build-environment';

/**
 * The tag-manager plugin, when `GTM_CONTAINER_ID` is set at build time;
 * nothing when it is not. A malformed id stops the build with a message
 * (see ./build-environment.ts) rather than shipping a broken analytics
 * snippet.
 */
export function tagManagerPlugin(containerId: string | undefined): PluginConfig[] {
  const id = tagManagerContainerId(containerId);
  return id === undefined ? [] : [['@docusaurus/plugin-google-tag-manager', {containerId: id}]];
}
