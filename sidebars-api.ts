import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

import {generatedItems} from './src/api-reference/sidebars/generated-sidebar';

/** The sample pet-store reference under /api. */
const sidebars: SidebarsConfig = {
  petstoreSidebar: ['introduction', ...generatedItems('api', {sorted: false})],
};

export default sidebars;
