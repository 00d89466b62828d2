/**
 * Every service's API document (`GET /openapi.json`, @shop/service-kit) answers and is a valid
 * OpenAPI 3.1 document (checked by @readme/openapi-parser against the specification's schema):
 * each service built as it starts, on the real local database.
 */
import { randomUUID } from 'node:crypto';
import { validate } from '@readme/openapi-parser';
import { loadConfig } from '@shop/service-kit';
import type { RemoteName } from '@shop/contracts';
import { buildApp as catalogApp } from '../services/catalog/src/app';
import { CatalogEnv } from '../services/catalog/src/config';
import { buildApp as cartApp } from '../services/cart/src/app';
import { CartEnv } from '../services/cart/src/config';
import { buildApp as accountApp } from '../services/account/src/app';
import { AccountEnv } from '../services/account/src/config';
import { buildApp as contentApp } from '../services/content/src/app';
import { ContentEnv } from '../services/content/src/config';
import { buildApp as adminApp } from '../services/admin/src/app';
import { AdminEnv } from '../services/admin/src/config';

jest.setTimeout(120_000);

/** The environment every service needs, on a database of its own for this test. */
const env = (slice: string) => ({
  MONGODB_URI: process.env.MONGODB_URI,
  MONGODB_DB: `test_openapi_${slice}_${randomUUID().slice(0, 8)}`,
  LOG_LEVEL: 'silent',
  IDENTITY_SECRET: 'test-identity-secret-0123456789-abcdef',
  INTERNAL_API_SECRET: 'test-internal-secret-0123456789-abcdef',
});

const services = {
  catalog: () => catalogApp(loadConfig(CatalogEnv, env('catalog'))),
  cart: () => cartApp(loadConfig(CartEnv, env('cart'))),
  account: () => accountApp(loadConfig(AccountEnv, env('account'))),
  content: () => contentApp(loadConfig(ContentEnv, env('content'))),
  admin: () => adminApp(loadConfig(AdminEnv, env('admin'))),
} satisfies Record<RemoteName, unknown>;

test.each(Object.entries(services))('%s: GET /openapi.json answers 200 with a valid OpenAPI 3.1 document', async (slice, build) => {
  const app = await build();
  try {
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect({ slice, status: response.statusCode }).toEqual({ slice, status: 200 });
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).length).toBeGreaterThan(0);
    const result = await validate(document);
    expect({ slice, valid: result.valid, errors: result.valid ? [] : result.errors }).toEqual({ slice, valid: true, errors: [] });
  } finally {
    await app.db.dropDatabase();
    await app.close();
  }
});
