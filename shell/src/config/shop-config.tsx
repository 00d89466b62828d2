import { createContext, useContext, type ReactNode } from 'react';
import type { ShopConfig } from '@shop/contracts';

/**
 * Runtime configuration from /shop-config.json. When it could not be loaded the shell still
 * renders; parts that need it (contact address, environment) fall back to safe defaults.
 */
const FALLBACK: ShopConfig = {
  environment: 'production',
  shopName: 'RandM Tornado Shop',
  contactEmail: 'service@randm-shop.example',
  contactAddress: [],
  publicOrigin: typeof window === 'undefined' ? 'http://localhost:8080' : window.location.origin,
  trustedShopsUrl: null,
  tuevCertificateUrl: null,
};

const ShopConfigContext = createContext<ShopConfig>(FALLBACK);

export function ShopConfigProvider({ value, children }: { value: ShopConfig | null; children: ReactNode }) {
  return <ShopConfigContext.Provider value={value ?? FALLBACK}>{children}</ShopConfigContext.Provider>;
}

export function useShopConfig(): ShopConfig {
  return useContext(ShopConfigContext);
}
