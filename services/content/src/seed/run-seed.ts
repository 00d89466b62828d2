/** `node dist/seed/run-seed.js`: seeds the content database (the demo guides of the blog). */
import { loadConfig, openDatabase } from '@shop/service-kit';
import { ContentEnv } from '../config';
import { seedPosts } from './seed-posts';

async function main() {
  const config = loadConfig(ContentEnv);
  const db = await openDatabase(config.MONGODB_URI, config.MONGODB_DB);
  try {
    const inserted = await seedPosts(db);
    console.log(inserted ? `content: inserted ${inserted} blog guides` : 'content: blog guides already present');
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
