/**
 * `npm run diagrams`: draws every Mermaid diagram of the content into the SVG
 * files the pages show (src/remark/diagrams.ts says how they are used), with
 * the Mermaid the site depends on, in the system's Chromium. Draws only the
 * diagrams whose files are missing (`--all`: every one), and deletes the files
 * no diagram uses any more. Run it after adding or editing a diagram, and
 * commit the files it writes; until then `npm start` draws the diagram in the
 * browser, and tests/unit/diagrams.test.mjs fails.
 *
 *   npm run diagrams [-- --all]
 */
/* global document, window -- page.evaluate runs in the page */
import {mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {chromium} from '@playwright/test';
import createJiti from 'jiti';

const root = path.resolve(import.meta.dirname, '..');
const jiti = createJiti(root + '/');
const {CHROMIUM_ARGS, chromiumPath} = jiti('./tests/support/browser.ts');
const {contentDiagrams, DIAGRAM_OPTIONS, DIAGRAMS_DIR, diagramFile} = jiti('./src/remark/diagrams.ts');

const {values} = parseArgs({options: {all: {type: 'boolean', default: false}}});

/**
 * Mermaid's SVG as a file an `<img>` can show at its own size: a width and a
 * height in pixels (Mermaid writes `width="100%"` and a maximum width, which
 * suit an SVG inlined in a page), and the XML declaration.
 */
function asImageFile(svg) {
  const viewBox = /viewBox="([-\d.\s]+)"/.exec(svg)?.[1].trim().split(/\s+/).map(Number);
  if (!viewBox || viewBox.length !== 4) throw new Error('Mermaid drew an SVG without a viewBox.');
  const [, , width, height] = viewBox;
  const opening = /^<svg[^>]*>/.exec(svg)[0];
  const sized = opening
    .replace(/\swidth="[^"]*"/, '')
    .replace(/\sheight="[^"]*"/, '')
    .replace(/\sstyle="[^"]*"/, '')
    .replace(/^<svg/, `<svg width="${Math.ceil(width)}" height="${Math.ceil(height)}"`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${sized}${svg.slice(opening.length)}\n`;
}

const diagrams = contentDiagrams(root);
const folder = path.join(root, DIAGRAMS_DIR);
mkdirSync(folder, {recursive: true});
const present = new Set(readdirSync(folder));
const wanted = new Set(diagrams.map(({key}) => diagramFile(key)));
const toDraw = [
  ...new Map(
    diagrams
      .filter(({key}) => values.all || !present.has(diagramFile(key)))
      .map((diagram) => [diagram.key, diagram]),
  ).values(),
];

let failed = 0;
if (toDraw.length > 0) {
  const browser = await chromium.launch({executablePath: chromiumPath(), args: CHROMIUM_ARGS});
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({path: createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js')});
    for (const diagram of toDraw) {
      const drawn = await page.evaluate(
        async ({source, options, id}) => {
          window.mermaid.initialize({startOnLoad: false, ...options});
          try {
            return {svg: (await window.mermaid.render(id, source)).svg};
          } catch (error) {
            // Mermaid leaves the element of a diagram it could not draw.
            document.getElementById(`d${id}`)?.remove();
            return {error: String(error?.message ?? error)};
          }
        },
        {source: diagram.source, options: DIAGRAM_OPTIONS, id: `diagram-${diagram.key}`},
      );
      if (drawn.error) {
        failed += 1;
        console.error(`${diagram.where}: Mermaid could not draw this diagram:\n${drawn.error}\n`);
        continue;
      }
      writeFileSync(path.join(folder, diagramFile(diagram.key)), asImageFile(drawn.svg));
      console.log(`Drew ${diagram.where} (${diagram.key})`);
    }
  } finally {
    await browser.close();
  }
}

const unused = [...present].filter((file) => file.endsWith('.svg') && !wanted.has(file));
for (const file of unused) rmSync(path.join(folder, file));
console.log(
  `${diagrams.length} diagrams: ${toDraw.length - failed} drawn, ${failed} failed, ` +
    `${unused.length} unused files deleted (${DIAGRAMS_DIR}/).`,
);
process.exitCode = failed > 0 ? 1 : 0;
