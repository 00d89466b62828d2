import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Each decision record says whether it still holds: a status line under its title,
 * `**Status.** Accepted, YYYY-MM-DD.` or `Superseded by <record>.`, optionally naming the part
 * another record replaced. A record it names must exist.
 */
const DECISIONS = path.resolve(__dirname, '../docs/decisions');
const STATUS = /^\*\*Status\.\*\* (Accepted, \d{4}-\d{2}-\d{2}|Superseded by [\w-]+\.md)(;[^\n]*)?\.$/;

test('every decision record has a status line naming only records that exist', () => {
  const records = readdirSync(DECISIONS).filter((name) => name.endsWith('.md'));
  expect(records.length).toBeGreaterThan(10);
  const problems = records.flatMap((name) => {
    const lines = readFileSync(path.join(DECISIONS, name), 'utf8').split('\n');
    if (!lines[0].startsWith('# ') || !STATUS.test(lines[2] ?? '')) return [`${name}: no status line under the title`];
    const named = [...lines[2].matchAll(/([\w-]+\.md)/g)].map((match) => match[1]);
    return named.filter((other) => !records.includes(other)).map((other) => `${name}: names ${other}, which does not exist`);
  });
  expect(problems).toEqual([]);
});
