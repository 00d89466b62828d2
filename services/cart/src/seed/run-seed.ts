/** `node dist/seed/run-seed.js`: seeds the cart database (demo promo codes). */
import { loadConfig, openDatabase } from '@shop/service-kit';
import { CartEnv } from '../config';
import { seedPromoCodes } from '../promo/seed-promo-codes';

async function main() {
  const config = loadConfig(CartEnv);
  const db = await openDatabase(config.MONGODB_URI, config.MONGODB_DB);
  try {
    const inserted = await seedPromoCodes(db);
    console.log(inserted ? `cart: inserted ${inserted} demo promo codes` : 'cart: demo promo codes already present');
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
