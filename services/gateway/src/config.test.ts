import { loadConfig } from '@shop/service-kit';
import { GatewayEnv } from './config';

/** The gateway's configuration (config.ts): checked at the start, a bad variable named. */
describe('gateway: configuration', () => {
  test('a bad variable is named', () => {
    expect(() => loadConfig(GatewayEnv, { PORT: '99999', CATALOG_SERVICE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*CATALOG_SERVICE_URL|CATALOG_SERVICE_URL[\s\S]*PORT/,
    );
  });

  test("a remote's entry must name its mf-manifest.json (the browser loads the remoteEntry.js beside it)", () => {
    expect(() => loadConfig(GatewayEnv, { REMOTE_CART_ENTRY: 'https://cdn.example/cart/manifest.json' })).toThrow(/REMOTE_CART_ENTRY/);
    expect(loadConfig(GatewayEnv, { REMOTE_CART_ENTRY: 'https://cdn.example/cart/mf-manifest.json' }).REMOTE_CART_ENTRY).toBe(
      'https://cdn.example/cart/mf-manifest.json',
    );
  });
});
