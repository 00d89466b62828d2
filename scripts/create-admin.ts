/**
 * `npm run create-admin -- --email admin@example.de [--first-name Vorname] [--last-name Nachname] [--role admin|manager]`:
 * creates the first staff account in the running shop's database: the local one of
 * `npm start` (port 27017), or MONGODB_URI. The password is read from ADMIN_PASSWORD or asked for
 * on the terminal without echo; there is no default password.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { runForExitCode } from './lib/run';
import { LOCAL_MONGO_PORT, ROOT } from './lib/paths';
import { step } from './lib/log';

/** Asks for a password on the terminal without showing it. */
function askPassword(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function main() {
  step('Building the account service');
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  if ((await runForExitCode(process.execPath, [tsc, '-b', path.join(ROOT, 'services/account')])) !== 0) process.exit(1);
  const password = process.env.ADMIN_PASSWORD ?? (process.stdin.isTTY ? await askPassword('Passwort (mindestens 12 Zeichen): ') : '');
  if (!password) {
    console.error('Kein Passwort: ADMIN_PASSWORD setzen oder im Terminal eingeben.');
    process.exit(1);
  }
  step('Creating the staff account');
  const code = await runForExitCode(
    process.execPath,
    [path.join(ROOT, 'services/account/dist/staff/create-admin.js'), ...process.argv.slice(2)],
    {
      env: {
        ...process.env,
        ADMIN_PASSWORD: password,
        MONGODB_URI: process.env.MONGODB_URI ?? `mongodb://127.0.0.1:${LOCAL_MONGO_PORT}/`,
        LOG_LEVEL: 'silent',
      },
    },
  );
  process.exit(code);
}

void main();
