import { execSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { findFreePort } from '../../packages/local-mongo/src';
import { provideDatabase } from './database';

/** `npm start`'s local database is supervised like the services (a killed engine stayed dead). */
test('a killed local FerretDB is started again on the same port and data; stop() ends it for good', async () => {
  const external = process.env.MONGODB_URI;
  delete process.env.MONGODB_URI; // jest's own database; this test starts its own engine
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-supervised-db-'));
  const lines: string[] = [];
  try {
    const port = await findFreePort();
    const database = await provideDatabase({
      port,
      dataDir,
      restart: { maxRestarts: 2, windowMs: 60_000, baseDelayMs: 50 },
      log: (line) => lines.push(line),
    });
    const client = new MongoClient(database.uri, { serverSelectionTimeoutMS: 5000, directConnection: true });
    await client.db('supervised').collection('things').insertOne({ kept: true });
    const engine = execSync('ps -eo pid=,args=', { encoding: 'utf8' })
      .split('\n')
      .find((line) => line.includes(`--listen-addr=127.0.0.1:${port}`));
    expect(engine).toBeDefined();
    process.kill(Number(engine!.trim().split(/\s+/)[0]), 'SIGKILL');
    const deadline = Date.now() + 30_000;
    while (!lines.some((line) => line.includes('is back')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines[0]).toMatch(/^ {2}↻ database \(FerretDB\) stopped \(SIGKILL\); restarting in 0\.05 s$/);
    expect(lines).toContain('  ✔ database (FerretDB) is back; the services reconnect by themselves');
    expect(await client.db('supervised').collection('things').countDocuments({ kept: true })).toBe(1);
    await client.close();
    await database.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lines).toHaveLength(2); // no restart after stop()
  } finally {
    process.env.MONGODB_URI = external;
    await rm(dataDir, { recursive: true, force: true });
  }
}, 60_000);
