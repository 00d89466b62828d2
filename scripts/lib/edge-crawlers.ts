import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getPattern } from 'isbot';

/** The installed isbot's version (its package.json, beside its entry). */
const isbotVersion = (): string => {
  const entry = require.resolve('isbot');
  const packageJson = entry.slice(0, entry.lastIndexOf('/node_modules/isbot/') + '/node_modules/isbot/'.length) + 'package.json';
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
};

/**
 * deploy/varnish/crawlers.vcl as it must be: the User-Agent pattern of `isbot` (the gateway's
 * crawler check, entry-forms.ts) as a VCL subroutine, so the shared cache puts a crawler into the
 * same context as the gateway would (spec §4: crawlers pass the age gate). Written by
 * `npx tsx scripts/lib/edge-crawlers.ts --write` after an update of isbot; scripts/edge-vcl.test.ts fails
 * while the file and the installed isbot disagree.
 */
export function crawlersVcl(): string {
  // JavaScript reads '-' after a class escape inside brackets ([\w\d-.]) as itself; PCRE2 (VCL)
  // refuses it as a range: escaped, it means the same to both.
  const source = getPattern().source.replace(/(\\[wdsWDS])-(?!\])/g, '$1\\-');
  if (source.includes('"}')) throw new Error('isbot pattern cannot be written as a VCL long string');
  return [
    `# Generated from isbot ${isbotVersion()} by scripts/lib/edge-crawlers.ts; do not edit.`,
    '# Sets x-shop-crawler when the User-Agent is a crawler as the gateway judges it (isbot).',
    'sub shop_detect_crawler {',
    `  if (req.http.User-Agent ~ {"(?i)${source}"}) {`,
    '    set req.http.x-shop-crawler = "1";',
    '  }',
    '}',
    '',
  ].join('\n');
}

if (require.main === module && process.argv.includes('--write')) {
  writeFileSync(path.join(__dirname, '..', '..', 'deploy', 'varnish', 'crawlers.vcl'), crawlersVcl());
}
