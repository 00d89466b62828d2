import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A secret for development when the environment sets none (issue #9: a fixed development
 * secret in the repository let anyone forge cookies of a started shop). Generated randomly on
 * first use (32 bytes, base64url) and kept in `<dataDir>/secrets/<name>` (mode 0600; ./data is
 * git-ignored), so cookies stay valid across restarts of the local shop. Production sets the
 * variable: the services refuse to start without it there.
 */
export function developmentSecret(name: string, dataDir = path.resolve('data')): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`invalid secret name: ${name}`);
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
