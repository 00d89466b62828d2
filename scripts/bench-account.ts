/**
 * `npm run bench:account`: what logged-in shopping costs, through the gateway on a
 * throwaway seeded shop: login (argon2id hashing dominates), `GET /api/auth/me`, the same
 * catalogue read anonymous and logged in (the gateway's added cost of resolving the session,
 * cached for SESSION_CACHE_MS), and an anonymous catalogue read as the yardstick. Prints figures;
 * asserts nothing (recorded in docs/performance.md; target: /api/auth/me p99 within 5 ms of the
 * anonymous catalogue read).
 * Options: --seconds N per timed scenario (default 8), --connections N (default 10), --logins N
 * (default 100), --no-build.
 */
import { readdir, readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { simpleParser } from 'mailparser';
import { step } from './lib/log';
import { figuresOf, numberArg, runBench, withBenchShop, type Figures } from './lib/bench';

const SECONDS = numberArg('seconds', 8);
const CONNECTIONS = numberArg('connections', 10);
const LOGINS = numberArg('logins', 100);
const EMAIL = 'bench.konto@example.de';
const PASSWORD = 'Sonnige Tage am Rhein 7!';

/** The confirmation token from the account service's .eml file. */
async function verificationToken(mailDir: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const file of await readdir(mailDir).catch(() => [])) {
      const mail = await simpleParser(await readFile(path.join(mailDir, file)));
      const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
      if (token && JSON.stringify(mail.to).includes(EMAIL)) return token[1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no verification e-mail for the bench account');
}

async function main() {
  await withBenchShop(async (gatewayUrl, _stack, { mailDir }) => {
    const origin = gatewayUrl.replace('127.0.0.1', 'localhost');
    const headers = { 'content-type': 'application/json', origin };
    const post = (url: string, body: unknown) => fetch(`${gatewayUrl}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if ((await post('/api/auth/register', { email: EMAIL, password: PASSWORD, firstName: 'Bench', lastName: 'Konto' })).status !== 202)
      throw new Error('registration failed');
    if ((await post('/api/auth/verify-email', { token: await verificationToken(mailDir) })).status !== 200)
      throw new Error('confirmation failed');
    const login = await post('/api/auth/login', { email: EMAIL, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: HTTP ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ');

    step(`Measuring through the gateway: ${SECONDS} s per timed scenario, ${CONNECTIONS} connections, ${cpus().length} cores`);
    const rows: Array<[string, Figures]> = [];
    const timed = async (name: string, options: autocannon.Options) => {
      await autocannon({ ...options, connections: CONNECTIONS, duration: 2 }); // warm-up
      rows.push([name, figuresOf(await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS }))]);
    };
    const loginBody = JSON.stringify({ email: EMAIL, password: PASSWORD });
    rows.push([
      `login (${LOGINS} logins, argon2id 19 MiB, t=2)`,
      figuresOf(
        await autocannon({ url: `${gatewayUrl}/api/auth/login`, method: 'POST', headers, body: loginBody, connections: 4, amount: LOGINS }),
      ),
    ]);
    await timed('anonymous catalogue read (GET /api/categories)', { url: `${gatewayUrl}/api/categories` });
    await timed('logged-in catalogue read (same, with the session cookie)', { url: `${gatewayUrl}/api/categories`, headers: { cookie } });
    await timed('GET /api/auth/me (logged in)', { url: `${gatewayUrl}/api/auth/me`, headers: { cookie } });

    console.log('\n| scenario (through the gateway) | req/s | mean ms | p50 ms | p99 ms | errors |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const [name, f] of rows)
      console.log(`| ${name} | ${f.rps.toFixed(0)} | ${f.mean.toFixed(2)} | ${f.p50} | ${f.p99} | ${f.errors} |`);
    const [, anonymous] = rows[1]!;
    const [, loggedIn] = rows[2]!;
    const [, me] = rows[3]!;
    console.log(
      `\nGateway's added cost of a logged-in request: mean ${(loggedIn.mean - anonymous.mean).toFixed(2)} ms, p99 ${loggedIn.p99 - anonymous.p99} ms`,
    );
    console.log(`/api/auth/me p99 against the anonymous catalogue read: ${me.p99 - anonymous.p99} ms (target: at most 5 ms)`);
  });
}

runBench(main);
