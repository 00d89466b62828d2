import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the consumer-driven contracts between the services are kept (docs/releases.md 'Contracts between the services'). */
export const PACTS_DIR = path.resolve(__dirname, '..', '..', 'contracts', 'pacts');

/**
 * The interactions of a contract a consumer's test just wrote into `writtenDir`, and those of the
 * committed copy in PACTS_DIR that the provider verifies. With UPDATE_PACTS=1 the committed copy
 * is renewed first. A consumer test expects both to be equal: a changed expectation fails until
 * the file is renewed and committed.
 */
export async function pactInteractions(writtenDir: string, fileName: string): Promise<{ written: unknown[]; committed: unknown[] }> {
  const written = JSON.parse(await readFile(path.join(writtenDir, fileName), 'utf8')) as { interactions: unknown[] };
  const committedFile = path.join(PACTS_DIR, fileName);
  if (process.env.UPDATE_PACTS === '1') await writeFile(committedFile, `${JSON.stringify(written, null, 2)}\n`);
  const committed = JSON.parse(await readFile(committedFile, 'utf8')) as { interactions: unknown[] };
  return { written: written.interactions, committed: committed.interactions };
}
