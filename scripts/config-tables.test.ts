import { configTable, configVariables, currentConfigTable, PROCESSES, readmeOf, readReadme, WRITE_COMMAND } from './lib/config-tables';

/**
 * Each service's README holds the table of its environment variables as its zod schema gives it
 * (scripts/lib/config-tables.ts): a variable added, a default changed or a `.describe()` text
 * reworded in `src/config.ts` fails here until the READMEs are written again.
 */

/** Why a README's table is not the schema's: its first differing line, and the command that fixes it. */
function problemOf(readme: string, current: string | null, wanted: string): string | null {
  if (current === wanted) return null;
  if (current === null)
    return `${readme}: no configuration table markers; add an empty pair under '## Configuration', then run ${WRITE_COMMAND}`;
  const have = current.split('\n');
  const want = wanted.split('\n');
  const at = want.findIndex((line, index) => line !== have[index]);
  const line = at < 0 ? want.length : at;
  return [
    `${readme}: the configuration table differs from the schema, first at table line ${line + 1}:`,
    `  README: ${have[line] ?? '(missing)'}`,
    `  schema: ${want[line] ?? '(missing)'}`,
    `  fix: ${WRITE_COMMAND}`,
  ].join('\n');
}

test("every service README's configuration table is the one its config schema gives", () => {
  const problems = PROCESSES.map((slice) => problemOf(readmeOf(slice), currentConfigTable(readReadme(slice)), configTable(slice))).filter(
    (problem): problem is string => problem !== null,
  );
  if (problems.length > 0) throw new Error(problems.join('\n\n'));
});

test('the check finds a table that differs (it can fail)', () => {
  const wanted = configTable('cart');
  const edited = wanted.replace('| `PORT` | `4102` |', '| `PORT` | `4199` |');
  expect(problemOf('services/cart/README.md', edited, wanted)).toContain('README: | `PORT` | `4199` |');
  expect(problemOf('services/cart/README.md', null, wanted)).toContain('no configuration table markers');
  // Every variable has a meaning and the tables hold the variables every service shares.
  expect(configVariables('catalog').map((variable) => variable.name)).toEqual(
    expect.arrayContaining(['PORT', 'MONGODB_URI', 'METRICS_PORT']),
  );
});
