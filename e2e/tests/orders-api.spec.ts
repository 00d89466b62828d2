import { randomUUID } from 'node:crypto';
import { test, expect } from '@playwright/test';
import { demoOrderBody } from '@shop/test-fixtures';

/**
 * Orders through the whole stack (gateway → cart service → catalog service → database): many
 * shoppers ordering the last pieces at once never oversell.
 */
test('parallel orders for the last N in stock give exactly N orders and stock 0', async ({ playwright, baseURL }) => {
  test.setTimeout(180_000);
  const api = await playwright.request.newContext({ baseURL });
  const { products } = await (await api.get('/api/products?limit=400')).json();
  const scarce = products
    .filter((p: { isActive: boolean; stock: number | null }) => p.isActive && p.stock !== null && p.stock > 0)
    .sort((a: { stock: number }, b: { stock: number }) => a.stock - b.stock)[0];
  const shoppers = await Promise.all(
    Array.from({ length: scarce.stock + 15 }, async () => {
      const shopper = await playwright.request.newContext({ baseURL });
      const added = await shopper.post('/api/cart', { data: { productId: scarce.id, quantity: 1 } });
      expect(added.status()).toBe(201);
      return { shopper, total: (await added.json()).totals.total as string };
    }),
  );
  const results = await Promise.all(
    shoppers.map(({ shopper, total }) =>
      shopper.post('/api/orders', { data: demoOrderBody({ expectedTotal: total }), headers: { 'idempotency-key': randomUUID() } }),
    ),
  );
  const statuses = results.map((response) => response.status());
  expect(statuses.filter((status) => status === 201)).toHaveLength(scarce.stock);
  expect(statuses.filter((status) => status === 409)).toHaveLength(15);
  const after = await (await api.get(`/api/products/${scarce.id}`)).json();
  expect(after.stock).toBe(0);
  await Promise.all([api, ...shoppers.map(({ shopper }) => shopper)].map((context) => context.dispose()));
});
