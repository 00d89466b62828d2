/**
 * The release registry from a terminal (run by `npm run release`, `npm run releases` and
 * `npm run rollback`, scripts/release.ts; docs/releases.md), on the database of MONGODB_URI:
 *
 *   node dist/releases/release-cli.js register <folder>/release.json
 *   node dist/releases/release-cli.js promote <slice> <version> --by <who>
 *   node dist/releases/release-cli.js rollback <slice> [version] --by <who>
 *   node dist/releases/release-cli.js canary <slice> <version> <percent> --by <who>
 *   node dist/releases/release-cli.js canary-stop <slice> --by <who>
 *   node dist/releases/release-cli.js retire <slice> --by <who> [--keep <n>] [--grace-hours <h>]
 *       (the retention rule, by default RETENTION; prints the retired versions as JSON)
 *   node dist/releases/release-cli.js list <slice> [--json]
 *   node dist/releases/release-cli.js live          (the live release of each slice, as JSON)
 *
 * Promotes, rollbacks and canaries are audited like a staff change, by 'cli:<who>' (the git author's
 * e-mail address). Exits 1 with the reason on a refused command.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { RemoteName } from '@shop/contracts';
import { CANARY_PERCENT_MAX, CANARY_PERCENT_MIN, CanaryPercent, ReleaseRecord, type SliceReleases } from '@shop/contracts/admin';
import pino from 'pino';
import { AuditRelay, loadConfig, openDatabase } from '@shop/service-kit';
import { AdminEnv } from '../config';
import { storeAuditEntries } from '../audit/audit-log';
import { releaseChannelModel } from './release.model';
import { ReleaseRegistry, RETENTION, type ReleaseActor } from './release-registry';

/** Warnings of the libraries (an audit entry not delivered) to stderr; the commands print their own lines. */
const log = pino({ level: 'warn' }, pino.destination(2));

/** The longest actor id the audit log keeps (AuditEntry.actorId). */
const ACTOR_ID_MAX = 64;

function listing({ slice, live, canary, releases, history }: SliceReleases): string {
  const lines = [`${slice}: ${releases.length} release(s), live ${live ?? '— (the build in the tree)'}`];
  if (canary) lines.push(`canary ${canary.version} for ${canary.percent} % of visitors since ${canary.changedAt}`);
  for (const release of releases) {
    const mark = release.version === live ? '*' : release.version === canary?.version ? '~' : ' ';
    lines.push(`${mark} ${release.version}  ${release.createdAt}  ${release.commit}  ${release.createdBy}`);
  }
  if (history.length) lines.push('history:');
  for (const change of history) {
    const share = change.percent ? ` (${change.percent} %)` : '';
    lines.push(`  ${change.at}  ${change.action}${share} ${change.previousVersion ?? '—'} → ${change.version}  by ${change.by}`);
  }
  return lines.join('\n');
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      by: { type: 'string' },
      json: { type: 'boolean', default: false },
      keep: { type: 'string' },
      'grace-hours': { type: 'string' },
    },
  });
  const [command, first, second] = positionals;
  const config = loadConfig(AdminEnv);
  const db = await openDatabase(config.MONGODB_URI, config.MONGODB_DB);
  try {
    const relay = new AuditRelay({ deliver: (entries) => storeAuditEntries(db, entries), models: [() => releaseChannelModel(db)], log });
    const registry = new ReleaseRegistry({ db, relay, now: () => new Date() });
    await registry.init();
    const slice = () => {
      const parsed = RemoteName.safeParse(first);
      if (!parsed.success) throw new Error(`unknown slice '${first ?? ''}': one of ${RemoteName.options.join(', ')}`);
      return parsed.data;
    };
    const actor = (): ReleaseActor => {
      if (!values.by) throw new Error('--by <who> is required: the audit log names who changed what is live');
      return { userId: `cli:${values.by}`.slice(0, ACTOR_ID_MAX), role: 'developer' };
    };
    switch (command) {
      case 'register': {
        if (!first) throw new Error('register needs the path of a release.json');
        const record = ReleaseRecord.parse(JSON.parse(await readFile(first, 'utf8')));
        await registry.register(record, values.by ? actor() : undefined);
        console.log(`registered ${record.slice} ${record.version}`);
        break;
      }
      case 'promote': {
        if (!second) throw new Error('promote needs <slice> <version>');
        const change = await registry.promote(actor(), slice(), second);
        console.log(`${change.slice}: ${change.previousVersion ?? 'the build in the tree'} → ${change.version} is live`);
        break;
      }
      case 'rollback': {
        const change = await registry.rollback(actor(), slice(), second);
        console.log(
          change.action === 'canary-stop'
            ? `${change.slice}: canary ${change.version} stopped, ${change.previousVersion} is live for everyone`
            : `${change.slice}: rolled back ${change.previousVersion} → ${change.version}`,
        );
        break;
      }
      case 'canary': {
        const [, , , percentText] = positionals;
        const percent = CanaryPercent.safeParse(Number(percentText));
        if (!second || !percent.success)
          throw new Error(
            `canary needs <slice> <version> <percent>: a whole ${CANARY_PERCENT_MIN}–${CANARY_PERCENT_MAX} (100 % is a promote)`,
          );
        const change = await registry.startCanary(actor(), slice(), second, percent.data);
        console.log(
          `${change.slice}: ${change.version} is live for ${change.percent} % of visitors, ${change.previousVersion} for the others`,
        );
        break;
      }
      case 'canary-stop': {
        const change = await registry.stopCanary(actor(), slice());
        console.log(`${change.slice}: canary ${change.version} stopped, ${change.previousVersion} is live for everyone`);
        break;
      }
      case 'retire': {
        const count = (text: string | undefined, fallback: number, name: string) => {
          if (text === undefined) return fallback;
          if (!/^\d{1,4}$/.test(text)) throw new Error(`${name} takes a whole number`);
          return Number(text);
        };
        const rule = {
          kept: count(values.keep, RETENTION.kept, '--keep'),
          servedGraceMs: count(values['grace-hours'], RETENTION.servedGraceMs / 3_600_000, '--grace-hours') * 3_600_000,
        };
        console.log(JSON.stringify(await registry.retire(actor(), slice(), rule)));
        break;
      }
      case 'list': {
        const releases = await registry.ofSlice(slice());
        console.log(values.json ? JSON.stringify(releases) : listing(releases));
        break;
      }
      case 'live':
        console.log(JSON.stringify(await registry.live()));
        break;
      default:
        throw new Error(`unknown command '${command ?? ''}': register, promote, rollback, canary, canary-stop, retire, list or live`);
    }
    // The change's audit entry goes into the log now, not with the service's next sweep.
    await relay.flush();
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
