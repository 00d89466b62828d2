import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const CART = path.resolve(__dirname, '../../..');

/** The command of `npm run generate:dhl` (services/cart/package.json), writing to stdout instead of the file. */
function generateNow(): string {
  const manifest = require.resolve('openapi-typescript/package.json', { paths: [CART] });
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  const cli = path.join(path.dirname(manifest), bin['openapi-typescript']);
  return execFileSync(process.execPath, [cli, 'src/shipping/dhl/parcel-de-shipping-v2.yaml'], { cwd: CART, encoding: 'utf8' });
}

test('the committed DHL types are what openapi-typescript makes from the vendored document now (npm run generate:dhl)', () => {
  const committed = readFileSync(path.join(__dirname, 'dhl-shipping-api.generated.ts'), 'utf8');
  const generated = generateNow();
  expect(generated).toContain('ShipmentOrderRequest');
  // Compared as a whole (a diff of 1,300 lines helps nobody): regenerate with `npm run generate:dhl -w @shop/service-cart`.
  expect(committed === generated).toBe(true);
});
