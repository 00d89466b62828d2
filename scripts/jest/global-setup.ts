import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort, startFerretDb } from '../../packages/local-mongo/src';

/** When jest runs without MONGODB_URI, starts a throwaway FerretDB for this run. */
export default async function globalSetup() {
  if (process.env.MONGODB_URI) return;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-jest-db-'));
  const mongo = await startFerretDb({ projectRoot: path.resolve(__dirname, '../..'), port: await findFreePort(), dataDir });
  process.env.MONGODB_URI = mongo.uri;
  (globalThis as { __LOCAL_MONGO__?: typeof mongo }).__LOCAL_MONGO__ = mongo;
}
