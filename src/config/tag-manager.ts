import type {PluginConfig} from '@docusaurus/types';

/** Google Tag Manager container ids look like `GTM-XXXXXXX`. */
const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/**
 * The tag-manager plugin, when `GTM_CONTAINER_ID` is set at build time;
 * nothing when it is not. A malformed id stops the build with a message
 * rather than shipping a broken analytics snippet.
 */
export function tagManagerPlugin(containerId: string | undefined): PluginConfig[] {
  const id = containerId?.trim();
  if (!id) {
    return [];
  }
  if (!CONTAINER_ID.test(id)) {
    throw new Error(
      `GTM_CONTAINER_ID is "${id}", which is not a Google Tag Manager container id. ` +
        'Expected the form GTM-XXXXXXX (GTM- followed by upper-case letters and digits). ' +
        'Fix the value, or unset the variable to build without the tag manager.',
    );
  }
  return [['@docusaurus/plugin-google-tag-manager', {containerId: id}]];
}
