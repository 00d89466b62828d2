import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from './fixtures';

/**
 * A service killed while the shop runs. Runs in the 'faults' project, after
 * every other journey (playwright.config.ts), because it takes part of the shop down. The stack
 * of `npm test` keeps each process's pid in E2E_PID_DIR and restarts crashed services.
 */
test('a killed catalog service: German 503 meanwhile, then it is back by itself and the shop works again', async ({
  shopperPage: page,
}) => {
  const pidDir = process.env.E2E_PID_DIR;
  test.skip(!pidDir, 'needs the stack of npm test (E2E_PID_DIR)');
  const pidFile = path.join(pidDir!, 'catalog.pid');
  const killed = Number(await readFile(pidFile, 'utf8'));
  process.kill(killed, 'SIGKILL');

  const during = await page.request.get('/api/categories');
  expect(during.status()).toBe(503);
  expect(await during.json()).toEqual({
    message: 'Dieser Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
    code: 'UPSTREAM_UNAVAILABLE',
  });

  await expect.poll(async () => (await page.request.get('/api/categories')).status(), { timeout: 30_000, intervals: [250] }).toBe(200);
  expect(Number(await readFile(pidFile, 'utf8'))).not.toBe(killed);

  await page.goto('/');
  await expect(page.getByTestId('carousel-randm-tornado-7000').getByTestId('product-card').first()).toBeVisible();
  const product = (await (await page.request.get('/api/products?limit=1')).json()).products[0];
  expect((await page.request.post('/api/cart', { data: { productId: product.id, quantity: 1 } })).status()).toBe(201);
});
