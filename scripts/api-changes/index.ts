/**
 * The merchant API as it changes.
 *
 *   npm run api:changes -- [--from OLD] [--to NEW] [--json]
 *     Every change from OLD to NEW, grouped by operation or webhook event, breaking ones marked.
 *     OLD and NEW are each a release's name (openapi/releases/), `current` (openapi/gerai/ as it
 *     stands) or a description file. OLD defaults to the last release, NEW to `current`.
 *   npm run api:changes -- --check
 *     Fails, naming each, on a breaking change since the last release that no changelog entry
 *     declares, and on a changelog entry that names what the description does not have.
 *   npm run api:release -- NAME [--at GIT-REVISION]
 *     Cuts a release named by its date: openapi/gerai/ joined into openapi/releases/NAME.yaml.
 *
 * How the changes are found and rated: ./report.ts.
 */
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {
  checkChangelog,
  readEntries,
  releaseEntryFile,
  releaseEntryText,
} from '../../src/api-reference/changes/changelog';
import {type ApiChange, nameChanges, redoclyDiff} from '../../src/api-reference/changes/report';
import {
  CURRENT,
  cutRelease,
  listReleases,
  type Resolved,
  resolveDescription,
  UsageError,
} from '../../src/api-reference/changes/release-snapshots';

/** The repository to work on: this one, or (for the tests) a copy named by GERAI_API_ROOT. */
const root = path.resolve(process.env.GERAI_API_ROOT ?? path.join(__dirname, '..', '..'));

async function changesBetween(from: Resolved, to: Resolved): Promise<ApiChange[]> {
  return nameChanges(await redoclyDiff(from.file, to.file), {base: from.doc, revision: to.doc});
}

/** The report as a person reads it: each operation or event, then its changes. */
function printReport(from: string, to: string, changes: readonly ApiChange[]): void {
  const breaking = changes.filter((change) => change.breaking).length;
  console.log(`Changes from ${from} to ${to}: ${changes.length} (${breaking} breaking)`);
  let heading: string | undefined;
  for (const change of changes) {
    const owner = change.operation ?? (change.event ? `event ${change.event}` : 'The whole API');
    if (owner !== heading) {
      heading = owner;
      console.log(`\n${owner}`);
    }
    const mark = change.breaking ? 'BREAKING    ' : change.deprecation ? 'deprecation ' : '            ';
    console.log(`  ${mark}${change.change}`);
  }
}

async function report(args: {from?: string; to?: string; json: boolean}, scratch: string): Promise<number> {
  const last = listReleases(root).at(-1);
  const fromName = args.from ?? last;
  if (fromName === undefined)
    throw new UsageError('No release has been cut yet: name what to compare with --from.');
  const from = await resolveDescription(fromName, root, scratch);
  const to = await resolveDescription(args.to ?? CURRENT, root, scratch);
  const changes = await changesBetween(from, to);
  if (args.json) console.log(JSON.stringify(changes, null, 2));
  else printReport(from.name, to.name, changes);
  return 0;
}

async function check(scratch: string): Promise<number> {
  const releases = listReleases(root);
  const last = releases.at(-1);
  const current = await resolveDescription(CURRENT, root, scratch);
  const earlier = await Promise.all(releases.map((name) => resolveDescription(name, root, scratch)));
  const lastRelease = earlier.at(-1);
  const changes = lastRelease === undefined ? [] : await changesBetween(lastRelease, current);
  const problems = checkChangelog({
    changes,
    releases,
    root,
    lastRelease: last,
    descriptions: [current.doc, ...earlier.map((release) => release.doc)],
    entries: readEntries(root),
  });
  if (problems.length > 0) {
    console.error(`✖ The changelog and the description disagree (${problems.length}):`);
    for (const problem of problems) console.error(`  ${problem}`);
    return 1;
  }
  const breaking = changes.filter((change) => change.breaking).length;
  console.log(
    `✔ Changelog and description agree: ${changes.length} changes since release ${last ?? '(none)'}, ` +
      `${breaking} breaking, each declared.`,
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const {values, positionals} = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      from: {type: 'string'},
      to: {type: 'string'},
      json: {type: 'boolean', default: false},
      check: {type: 'boolean', default: false},
      release: {type: 'boolean', default: false},
      at: {type: 'string'},
    },
  });
  const scratch = mkdtempSync(path.join(tmpdir(), 'gerai-api-changes-'));
  try {
    if (values.release) {
      const [name, ...extra] = positionals;
      if (name === undefined || extra.length > 0)
        throw new UsageError('Usage: npm run api:release -- YYYY-MM-DD [--at GIT-REVISION]');
      const previous = listReleases(root).at(-1);
      const file = await cutRelease(root, name, values.at);
      console.log(
        `✔ Release ${name} cut: ${path.relative(root, file)} (${values.at ? `openapi/gerai/ at ${values.at}` : 'openapi/gerai/ as it stands'}).`,
      );
      const entry = releaseEntryFile(root, name);
      if (existsSync(entry)) {
        console.log(`  Its changelog entry exists: ${path.relative(root, entry)}.`);
        return 0;
      }
      const release = await resolveDescription(name, root, scratch);
      const changes =
        previous === undefined
          ? []
          : await changesBetween(await resolveDescription(previous, root, scratch), release);
      writeFileSync(entry, releaseEntryText(name, previous, changes));
      console.log(
        `✔ Its changelog entry: ${path.relative(root, entry)}. Write above its list of changes what a partner ` +
          'should know of this release; `npm run gen-api` (run by build and start) writes the list.',
      );
      return 0;
    }
    if (positionals.length > 0)
      throw new UsageError(
        `Unexpected argument "${positionals[0]}": name descriptions with --from and --to.`,
      );
    return values.check ? await check(scratch) : await report(values, scratch);
  } finally {
    rmSync(scratch, {recursive: true, force: true});
  }
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    if (
      error instanceof UsageError ||
      (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      console.error(`✖ ${error.message}`);
      process.exitCode = 2;
      return;
    }
    throw error;
  },
);
