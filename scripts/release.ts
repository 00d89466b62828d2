/**
 * `npm run release -- <slice> [--from <dist>] [--no-promote | --canary <percent>]`: builds the
 * slice's remote from the tree's sources into a folder of its own (data/release-candidates/, never
 * the tree's `mf-<slice>/dist` the running shop serves while the slice has no live release), or
 * takes a build made elsewhere (`--from`: a folder with the browser build and `server/`),
 * publishes it into the remote store as an immutable version (`/remotes/<slice>/<version>/`, with
 * `release.json`), records it in the release registry and makes it live on every gateway instance
 * of the running shop within about a second (docs/releases.md). `--no-promote` only publishes and
 * records it; `--canary <percent>` makes it live for that share of visitors only (a canary,
 * widened or promoted with `npm run canary`); once live, the retention rule removes the releases it
 * no longer keeps (docs/releases.md 'Retention'). Before it goes live it is checked against the shell and the slices live beside it
 * (shared singleton versions, names of the narrowed shared modules, browser contracts:
 * scripts/lib/release-checks.ts), then its routes
 * are rendered on the server and loaded in Chromium through the shop's gateway
 * (scripts/lib/release-smoke.ts); a refusal names each problem and leaves the live version as it
 * was. Acts on the shop `npm start` runs from this checkout (its gateway's port, its database and
 * remote store, as it records them: scripts/lib/running-shop.ts), or on SHOP_URL, MONGODB_URI
 * (with MONGODB_DB, the admin service's database) and RELEASES_DIR; the first line says which.
 * `npm run release -- shell --check` only checks the shell's build against the live remotes
 * (checkShell).
 */
import { parseArgs } from 'node:util';
import { RemoteName } from '@shop/contracts';
import { rm } from 'node:fs/promises';
import { info, step } from './lib/log';
import path from 'node:path';
import { RETIRED_SHOP_EVENTS, ShopEvents, ShopRequests } from '@shop/contracts';
import {
  buildInto,
  candidateFolder,
  liveReleases,
  publish,
  pruneReleases,
  recordReplacedBuild,
  registry,
  treeBuild,
  whoIsReleasing,
} from './lib/releases';
import { liveRemotes, liveSetsWith, liveSetsWithShell, shellAsLive } from './lib/live-set';
import { smokeProblems } from './lib/release-smoke';
import { releaseTarget } from './lib/running-shop';
import { ROOT } from './lib/paths';
import { compileProjects } from './lib/workspace-build';
import { buildOrder, readWorkspaceGraph } from './lib/workspace-graph';
import { internalApiSecret } from '@shop/service-kit';
import { CANARY_PERCENT_MAX, CANARY_PERCENT_MIN, CanaryPercent } from '@shop/contracts/admin';
import { contractProblemsOf, exposeProblems, narrowedImportProblems, shellNarrowedProblems, singletonProblems } from './lib/release-checks';

/**
 * `npm run release -- shell --check`: the shell ships with the gateway (a deploy, not a release),
 * so nothing is published; its build in the tree (shell/dist, after `npm run build -w shell`) is
 * checked against every remote a visitor may get now, each live and canary version: its narrowed
 * shared modules must still export every name those use, and the browser contracts must hold in
 * every combination of them (a remote still announcing an event the shell's contracts dropped is
 * refused; RETIRED_SHOP_EVENTS). Run before the shell is deployed.
 * @throws Error naming each problem when the shell would break a live remote.
 */
/** The browser contracts of the tree (the shell about to be deployed is built from it). */
const CONTRACTS = { events: Object.keys(ShopEvents), requests: Object.keys(ShopRequests), retired: RETIRED_SHOP_EVENTS };

async function checkShell(): Promise<void> {
  info(releaseTarget().description);
  step('Checking the shell in the tree against every remote live now');
  const live = await liveReleases();
  const problems = [
    ...new Set([
      ...shellNarrowedProblems(await shellAsLive(), await liveRemotes(live)),
      ...(await liveSetsWithShell(live)).flatMap((set) => contractProblemsOf(set, CONTRACTS)),
    ]),
  ];
  if (problems.length)
    throw new Error(`the shell would break live remotes:\n${problems.map((problem) => `refused: ${problem}`).join('\n')}`);
  info('its narrowed shared modules export every name the live remotes use; the browser contracts hold');
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      'no-promote': { type: 'boolean', default: false },
      from: { type: 'string' },
      canary: { type: 'string' },
      check: { type: 'boolean', default: false },
    },
  });
  const usage = `usage: npm run release -- <${RemoteName.options.join('|')}> [--from <dist>] [--no-promote | --canary <percent>]\n       npm run release -- shell --check`;
  if (positionals[0] === 'shell') {
    if (!values.check || values.from || values['no-promote'] || values.canary !== undefined) throw new Error(usage);
    return checkShell();
  }
  const slice = RemoteName.safeParse(positionals[0]);
  if (!slice.success || values.check) throw new Error(usage);
  const canary = values.canary === undefined ? null : CanaryPercent.safeParse(Number(values.canary));
  if (canary && !canary.success) throw new Error(`--canary takes a whole percent, ${CANARY_PERCENT_MIN}–${CANARY_PERCENT_MAX}\n${usage}`);
  const target = releaseTarget();
  info(target.description);
  let built: string | null = null;
  if (!values.from) {
    step(`Building ${slice.data} into a folder of its own (the shop keeps serving what it serves)`);
    // Only what this release needs compiled, not the whole tree (docs/decisions/slice-builds.md):
    // the remote and the packages it builds on (its server build and contracts.json read their
    // dist/), and the admin service with its packages, whose command line is the release
    // registry (registry()). Another slice's unfinished work cannot stop this release.
    await compileProjects(buildOrder(readWorkspaceGraph(), [`mf-${slice.data}`, 'services/admin']));
    built = candidateFolder(slice.data);
    await buildInto(path.join(ROOT, `mf-${slice.data}`), built);
    info(`built into ${path.relative(ROOT, built)}`);
  }
  step('Publishing into the remote store');
  const published = values.from
    ? await publish(slice.data, path.resolve(values.from))
    : await publish(slice.data, built!, path.join(ROOT, `mf-${slice.data}`, 'src')).finally(() =>
        rm(built!, { recursive: true, force: true }),
      );
  const { record, folder, fresh } = published;
  info(`${fresh ? 'published' : 'already in the store'}: ${slice.data} ${record.version} (${record.commit}) in ${folder}`);
  step('Recording it in the release registry');
  if ((await registry(['register', `${folder}/release.json`])) !== 0) process.exit(1);
  if (values['no-promote']) return;
  step('Checking it against the shell and the slices live beside it');
  const live = await liveReleases();
  const { shell, sets } = await liveSetsWith(record, live);
  const candidate = sets[0]![sets[0]!.length - 1]!;
  const problems = [
    ...new Set([
      ...exposeProblems(record, shell),
      ...singletonProblems(candidate, shell),
      ...narrowedImportProblems(candidate, shell),
      ...sets.flatMap((set) => contractProblemsOf(set, CONTRACTS)),
    ]),
  ];
  if (problems.length) {
    for (const problem of problems) console.error(`refused: ${problem}`);
    console.error(`${slice.data} ${record.version} is published and recorded, not live.`);
    process.exit(1);
  }
  info('exposes, shared singletons, narrowed shared modules and browser contracts fit');
  const shopUrl = target.gatewayUrl;
  step(`Rendering its routes on the server and loading them in Chromium, through ${shopUrl}`);
  const smoke = await smokeProblems({
    shopUrl,
    internalSecret: internalApiSecret(process.env.INTERNAL_API_SECRET),
    slice: slice.data,
    version: record.version,
  }).catch((error: unknown) => ({
    problems: [
      `the shop at ${shopUrl} could not be asked (is it running? npm start, or SHOP_URL): ${error instanceof Error ? error.message : String(error)}`,
    ],
    checked: [],
    unchecked: [],
  }));
  if (smoke.problems.length) {
    for (const problem of smoke.problems) console.error(`refused: ${problem}`);
    console.error(`${slice.data} ${record.version} is published and recorded, not live.`);
    process.exit(1);
  }
  info(
    `rendered and loaded: ${smoke.checked.join(', ')}${smoke.unchecked.length ? ` (no address to try: ${smoke.unchecked.join(', ')})` : ''}`,
  );
  if (!live.releases.some((release) => release.slice === slice.data)) {
    // The slice's first release: what the shop served so far stays reachable by a rollback.
    step('Recording the build it replaces (the one in the tree) as a version of its own');
    const replaced = await recordReplacedBuild(slice.data, treeBuild(slice.data), record.version);
    info(replaced ? `${slice.data} ${replaced}: the build in the tree, live until now` : 'no other build in the tree to record');
  }
  if (canary?.success) step(`Starting a canary for ${canary.data} % of visitors`);
  else step('Promoting');
  const made = await registry(
    canary?.success
      ? ['canary', slice.data, record.version, String(canary.data), '--by', whoIsReleasing()]
      : ['promote', slice.data, record.version, '--by', whoIsReleasing()],
  );
  if (made !== 0) process.exit(made);
  // What the retention rule no longer keeps goes now; the release is live whatever happens here.
  step('Applying the retention rule');
  await pruneReleases(slice.data).then(
    (removed) => info(removed.length ? `removed from the remote store: ${removed.join(', ')}` : 'nothing to remove'),
    (error: unknown) =>
      console.error(`retention not applied (the release is live; run npm run releases -- ${slice.data} --prune): ${String(error)}`),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
