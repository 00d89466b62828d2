import { randomUUID } from 'node:crypto';
import { NICOTINE_WARNING } from '@shop/catalog-rules';
import type { ProductInput } from '@shop/contracts/admin';
import { loadConfig, signIdentity } from '@shop/service-kit';
import { startAuditCollector } from '@shop/test-fixtures';
import { buildCatalogService } from '../app';
import { CatalogEnv } from '../config';
import { categoryModel } from '../categories/category.model';
import { buildCategories } from '../seed/category-data';

/** Test set-up of the catalog's staff endpoints against the real local database (jest only). */

export const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
export const MANAGER_ID = '665f1c2b9a1e4b00123456aa';
export const ADMIN_ID = '665f1c2b9a1e4b00123456bb';

export type CatalogService = Awaited<ReturnType<typeof buildCatalogService>>;

/**
 * A catalog service on a database of its own holding the 11 categories, its audit entries sent
 * to `auditUrl` (an audit collector) only when flushed (the relay's interval is a minute).
 */
export async function startAdminCatalog(environment: 'development' | 'production', auditUrl: string): Promise<CatalogService> {
  const service = await buildCatalogService(
    loadConfig(CatalogEnv, {
      MONGODB_URI: process.env.MONGODB_URI,
      MONGODB_DB: `test_catalog_admin_${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      IDENTITY_SECRET,
      INTERNAL_API_SECRET: 'test-internal-secret-0123456789-abcdef',
      ADMIN_SERVICE_URL: auditUrl,
      SHOP_ENVIRONMENT: environment,
      AUDIT_RELAY_INTERVAL_MS: '60000',
    }),
  );
  await categoryModel(service.app.db).insertMany(buildCategories());
  await service.app.ready();
  return service;
}

/**
 * A development catalog service (startAdminCatalog) with an audit collector for the calling test
 * file: started before its tests, its database dropped and everything closed after them.
 * @returns a getter of the running service (set once the file's tests run), and of its collector.
 */
export function adminCatalogForTests(): (() => CatalogService) & { audit: () => Awaited<ReturnType<typeof startAuditCollector>> } {
  let collector: Awaited<ReturnType<typeof startAuditCollector>>;
  let service: CatalogService;
  beforeAll(async () => {
    collector = await startAuditCollector();
    service = await startAdminCatalog('development', collector.url);
  });
  afterAll(async () => {
    await service.app.db.dropDatabase();
    await service.app.close();
    await collector.close();
  });
  return Object.assign(() => service, { audit: () => collector });
}

/** The signed identity header the gateway sends for a staff member of `role`. */
export const staffIdentity = async (role: string, userId = role === 'admin' ? ADMIN_ID : MANAGER_ID) => ({
  'x-shop-identity': await signIdentity({ userId, role }, IDENTITY_SECRET),
});

/** A lawful pod (no objections), unique per call. */
export const podInput = (overrides: Partial<ProductInput> = {}): ProductInput => {
  const tag = randomUUID().slice(0, 6);
  return {
    name: `RandM Pod Test ${tag}`,
    categoryId: 'cat-tornado-9000',
    flavor: `Testbeere ${tag}`,
    price: '9.99',
    salePrice: null,
    stock: 40,
    isActive: true,
    isFeatured: false,
    images: [],
    description: '<p>Vorbefüllter Pod mit 2 ml.</p>',
    features: ['2 ml Liquid'],
    brand: 'RandM',
    puffCount: 600,
    nicotineStrength: '2%',
    nicotineMgPerMl: 20,
    nicotineWarning: NICOTINE_WARNING,
    productType: 'prefilled-pod',
    liquidVolumeMl: 2,
    batteryMah: 500,
    coil: 'Mesh-Coil',
    durabilityGuaranteeYears: null,
    shippingWeightGrams: 85,
    sku: `POD-${tag}`,
    gtin: null,
    sellableUntil: null,
    ...overrides,
  };
};
