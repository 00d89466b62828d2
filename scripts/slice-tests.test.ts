import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, SLICES } from './lib/paths';
import { SLICE_TESTS } from './lib/slice-tests';

/** A team's own loop (`npm run test:slice`) and its owners (.github/CODEOWNERS) name folders and journeys that exist. */
describe('slice tests and owners', () => {
  const owners = readFileSync(path.join(ROOT, '.github', 'CODEOWNERS'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/) as [string, ...string[]]);

  test.each(SLICES)("%s: its folders and journeys exist, and CODEOWNERS gives each folder to the slice's team", (slice) => {
    const { paths, journeys } = SLICE_TESTS[slice];
    for (const folder of paths) {
      expect(existsSync(path.join(ROOT, folder))).toBe(true);
      expect(owners.find(([pattern]) => pattern === `/${folder}/`)?.slice(1)).toEqual([`@randm-shop/${slice}`]);
    }
    for (const journey of journeys) expect(existsSync(path.join(ROOT, 'e2e', 'tests', journey))).toBe(true);
  });

  test("no journey is listed for two slices: a slice's loop runs its own", () => {
    const listed = SLICES.flatMap((slice) => SLICE_TESTS[slice].journeys);
    expect(listed).toHaveLength(new Set(listed).size);
  });
});
