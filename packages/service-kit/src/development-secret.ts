import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MIN_LENGTH = 32;

/** The stored secret, or null when the file does not exist. */
function readStored(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function usable(file: string, stored: string): string {
  if (stored.length >= MIN_LENGTH) return stored;
  throw new Error(
    `${file} holds no usable secret (fewer than ${MIN_LENGTH} characters): delete the file and start again ` +
      '(cookies and sessions signed with the old one become invalid)',
  );
}

/** The local shop's data folder: `SHOP_DATA_DIR`, else ./data of the working directory (the repository). */
export const shopDataDir = (): string => path.resolve(process.env.SHOP_DATA_DIR || 'data');

/**
 * A secret for development when the environment sets none (a fixed development secret in the
 * repository would let anyone forge cookies of a started shop). Generated randomly on first use
 * (32 bytes, base64url) and kept in `<dataDir>/secrets/<name>` (mode 0600; the data folder,
 * `shopDataDir`, is git-ignored), so cookies stay valid across restarts of the local shop. Production sets the
 * variable: the services refuse to start without it there.
 *
 * Race-free across processes: `npm start` starts the gateway and every service at once on an
 * empty data folder, and they all must end up with the same identity and internal secrets. The
 * new secret is written completely to a file of this process's own, then hard-linked to the
 * final name, which fails when the name exists: exactly one process creates the file, nobody
 * ever reads a half-written one, and every loser reads the winner's value.
 * @throws Error when the name is not `[a-z0-9-]+`, or the stored file holds fewer than 32 characters.
 */
export function developmentSecret(name: string, dataDir = shopDataDir()): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`invalid secret name: ${name}`);
  const file = path.join(dataDir, 'secrets', name);
  const existing = readStored(file);
  if (existing !== null) return usable(file, existing);

  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(draft, secret, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return usable(file, readStored(file) ?? '');
  } finally {
    unlinkSync(draft);
  }
}
