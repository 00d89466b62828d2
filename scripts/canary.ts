/**
 * `npm run canary -- <slice> <percent|stop>`: changes the share of visitors the slice's running
 * canary reaches (a whole 1–99), makes the canary's version live for everyone (`100`), or stops
 * it (`stop`: everyone gets the live release again; `npm run rollback -- <slice>` does the same).
 * A canary is started with `npm run release -- <slice> --canary <percent>`, after the checks
 * (docs/releases.md 'Canary'). Every gateway instance follows within about a second; audited
 * with the git author's e-mail address.
 */
import { RemoteName } from '@shop/contracts';
import { liveReleases, registry, whoIsReleasing } from './lib/releases';
import { releaseTarget } from './lib/running-shop';

async function main(): Promise<number> {
  const slice = RemoteName.safeParse(process.argv[2]);
  const share = process.argv[3];
  if (!slice.success || !share) {
    console.error(`usage: npm run canary -- <${RemoteName.options.join('|')}> <percent|100|stop>`);
    return 2;
  }
  console.error(releaseTarget().description);
  const by = whoIsReleasing();
  if (share === 'stop') return registry(['canary-stop', slice.data, '--by', by]);
  const canary = (await liveReleases()).releases.find((release) => release.slice === slice.data)?.canary;
  if (!canary) {
    console.error(`refused: ${slice.data} has no canary running; start one with npm run release -- ${slice.data} --canary <percent>`);
    return 1;
  }
  if (share === '100') return registry(['promote', slice.data, canary.version, '--by', by]);
  return registry(['canary', slice.data, canary.version, share, '--by', by]);
}

void main().then((code) => process.exit(code));
