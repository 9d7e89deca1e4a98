// @ts-check
// The downloads under /openapi/ pass the validators integrators run first:
// @apidevtools/swagger-parser, Spectral's OpenAPI ruleset and Redocly. The test
// reads them as the build serves them. Run after `npm run build`.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import SwaggerParser from '@apidevtools/swagger-parser';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';
import createJiti from 'jiti';
import {parse} from 'yaml';

import {root} from '../support/openapi.mjs';

const {Document, Spectral} = spectralCore;
const jiti = createJiti(root + '/');
const {GERAI_FULL_DOWNLOAD, geraiApiSections, sectionDownload} = jiti('./src/config/openapi.ts');

const downloads = path.join(path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build'), 'openapi');

const SEVERITY = ['error', 'warning', 'information', 'hint'];

describe('the downloadable descriptions', () => {
  const joined = path.join(downloads, GERAI_FULL_DOWNLOAD);
  const files = [joined, ...geraiApiSections.map((section) => path.join(downloads, sectionDownload(section)))];

  test('@apidevtools/swagger-parser validates every merchant API file, the joined one first', async () => {
    for (const file of files) {
      await assert.doesNotReject(SwaggerParser.validate(file), path.basename(file));
    }
  });

  // The joined description holds every operation, schema and event of the section files (redocly
  // join of their bundles, each validated above): Spectral reads it once, not each part again.
  // Its two rules that check every example against its schema are left to Redocly, whose same
  // rules are errors in redocly.yaml (no-invalid-media-type-examples, no-invalid-schema-examples,
  // no-invalid-parameter-examples), run on the sources by `npm run lint` and on the joined
  // description below: in Spectral they were 85 % of its time (12 of 14 s at ten times the API).
  test("Spectral's spectral:oas ruleset finds no error or warning in the joined description", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({
      // spectral-rulesets types its rulesets as the object literals they are, which spectral-core's
      // RulesetDefinition does not accept; they are what Spectral's documentation passes to `extends`.
      extends: [[/** @type {import('@stoplight/spectral-core').RulesetDefinition} */ (spectralRulesets.oas), 'recommended']],
      rules: {'oas3-valid-media-example': 'off', 'oas3-valid-schema-example': 'off'},
    });
    const results = await spectral.run(new Document(readFileSync(joined, 'utf8'), spectralParsers.Yaml, joined));
    const problems = results
      .filter((result) => result.severity <= 1)
      .map(
        (result) =>
          `${path.basename(joined)} ${SEVERITY[result.severity]} ${result.code} at ${result.path.join('.')}: ${result.message}`,
      );
    assert.deepEqual(problems, []);
  });

  test('Redocly lints the joined description without an error', () => {
    const result = spawnSync(
      path.join(root, 'node_modules', '.bin', 'redocly'),
      ['lint', joined, '--format=stylish'],
      {cwd: root, encoding: 'utf8'},
    );
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });

  test('the joined description files every operation under a declared tag, none under "other"', () => {
    const doc = parse(readFileSync(joined, 'utf8'));
    const declared = (doc.tags ?? []).map((tag) => tag.name);
    assert.deepEqual(
      declared.filter((name) => /_other$/.test(name)),
      [],
    );
    const grouped = new Set((doc['x-tagGroups'] ?? []).flatMap((group) => group.tags));
    assert.deepEqual(
      declared.filter((name) => !grouped.has(name)),
      [],
    );
  });
});
