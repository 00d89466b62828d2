import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Source comments and docs say what is and why, citing the spec section or the law a rule comes
 * from, not the ticket that brought it: git history and docs/decisions/ keep the story. Checked
 * over every tracked source and Markdown file.
 */
const ROOT = path.resolve(__dirname, '..');

test('no source file or document cites an issue number', () => {
  let hits = '';
  try {
    hits = execFileSync(
      'git',
      [
        'grep',
        '-n',
        '-i',
        '-E',
        'issues? #[0-9]',
        '--',
        '*.ts',
        '*.tsx',
        '*.mjs',
        '*.cjs',
        '*.js',
        '*.css',
        '*.yml',
        '*.md',
        ':!**/dist/**',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
  } catch (error) {
    // git grep exits with 1 when nothing matches.
    if ((error as { status?: number }).status !== 1) throw error;
  }
  expect(hits.split('\n').filter(Boolean)).toEqual([]);
});
