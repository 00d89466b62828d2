import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The docs are a map: every repository path a Markdown file names must exist, or the map leads
 * nowhere. Checked over every tracked Markdown file: paths from the top (`services/cart/src/…`,
 * `docs/…`, `mf-admin/…`) against the repository; in a slice's own README also paths from the
 * slice (`src/config.ts`). Patterns with placeholders (`<slice>`, `{name}`, `*`) are left alone,
 * and `docs/architecture.md`'s 'src/…' describe every slice's layout, not one file.
 */
const ROOT = path.resolve(__dirname, '..');
const TOP = ['services', 'packages', 'shell', 'docs', 'scripts', 'e2e', 'deploy', 'ops', '.ci'];
const PATH = new RegExp(
  String.raw`(?<![\w./@-])((?:${TOP.map((t) => t.replace('.', '\\.')).join('|')}|mf-[a-z]+|src)/[\w./-]*[\w/-])`,
  'g',
);

function namedPaths(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(PATH)].map((match) => match[1]).filter((named) => !/[<>{}*]/.test(named));
}

/** Where a path named in `file` may be: from the top, beside the file, or (for 'src/…') in the file's slice. */
function candidates(file: string, named: string): string[] {
  const dir = path.dirname(file);
  if (!named.startsWith('src/')) return [path.join(ROOT, named), path.join(ROOT, dir, named)];
  if (dir === '.' || dir === 'docs') return [];
  const places: string[] = [];
  for (let at = dir; at !== '.'; at = path.dirname(at)) places.push(path.join(ROOT, at, named));
  return places;
}

test('every repository path named in a Markdown file exists', () => {
  const files = execFileSync('git', ['ls-files', '*.md', ':!**/node_modules/**'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  expect(files.length).toBeGreaterThan(20);
  const missing = files.flatMap((file) =>
    namedPaths(file)
      .filter((named) => {
        const places = candidates(file, named);
        return places.length > 0 && !places.some((place) => existsSync(place));
      })
      .map((named) => `${file}: ${named}`),
  );
  expect(missing).toEqual([]);
});

test('the check finds a path that does not exist (it can fail)', () => {
  expect(candidates('services/cart/README.md', 'src/domain/nowhere.ts').some((place) => existsSync(place))).toBe(false);
  expect(namedPaths('docs/architecture.md').length).toBeGreaterThan(20);
});
