/** `node dist/seed/run-seed.js`: seeds the catalog database named by MONGODB_URI / MONGODB_DB. */
import { loadConfig, openDatabase } from '@shop/service-kit';
import { CatalogEnv } from '../config';
import { seedCatalogue } from './seed';

async function main() {
  const config = loadConfig(CatalogEnv);
  const db = await openDatabase(config.MONGODB_URI, config.MONGODB_DB);
  try {
    const result = await seedCatalogue(db, console.log);
    if (!result.productsInserted && !result.categoriesInserted) console.log('catalog: demo data already present');
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
