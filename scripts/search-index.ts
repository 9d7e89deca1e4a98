/**
 * `npx jiti scripts/search-index.ts <build folder>`: shapes the search index
 * the local search plugin wrote into a build folder (see
 * scripts/search-index/shape.ts). `npm run build` runs it after
 * `docusaurus build`.
 */
import path from 'node:path';

import {shapeSearchIndex} from './search-index/shape';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: jiti scripts/search-index.ts <build folder>');
  process.exit(2);
}
for (const [name, bytes] of shapeSearchIndex(path.resolve(folder))) {
  console.log(`${name}: ${Math.round(bytes / 1024)} KB`);
}
