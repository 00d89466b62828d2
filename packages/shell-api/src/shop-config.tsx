import { createContext, useContext, type ReactNode } from 'react';
import type { ShopConfig } from '@shop/contracts';

/**
 * Runtime configuration from the gateway (/shop-config.json, inlined into the first HTML),
 * loaded once by the shell and read by the shell and every remote through this context
 * (@shop/shell-api is a shared singleton, so remotes see the shell's provider). When it could
 * not be loaded, parts that need it (contact address, environment) fall back to safe defaults:
 * 'production' hides demo markers and certificates.
 */
export const FALLBACK_SHOP_CONFIG: ShopConfig = {
  environment: 'production',
  shopName: 'RandM Tornado Shop',
  contactEmail: 'service@randm-shop.example',
  contactAddress: [],
  publicOrigin: typeof window === 'undefined' ? 'http://localhost:8080' : window.location.origin,
  trustedShopsUrl: null,
  tuevCertificateUrl: null,
  // The spec's version; the gateway always sends the operator's choice (factual when unknown).
  presentationMode: 'marketing',
  // Off unless the operator switches them on (§ 5b UWG).
  reviewsEnabled: false,
  // No page from the gateway: this browser's clock is all there is.
  renderedAt: new Date().toISOString(),
};

const ShopConfigContext = createContext<ShopConfig>(FALLBACK_SHOP_CONFIG);

export function ShopConfigProvider({ value, children }: { value: ShopConfig | null; children: ReactNode }) {
  return <ShopConfigContext.Provider value={value ?? FALLBACK_SHOP_CONFIG}>{children}</ShopConfigContext.Provider>;
}

/** The shop's runtime configuration (synchronous: no request, no layout shift). */
export function useShopConfig(): ShopConfig {
  return useContext(ShopConfigContext);
}

/**
 * True when the storefront is in the factual presentation mode (ShopConfig `presentationMode`,
 * § 19 TabakerzG): no offer banners, SALE tags, reductions, popularity or public
 * newsletter sign-up, factual equivalents instead. The same on the server and in the browser
 * (both read the page's boot data).
 */
export function useFactualMode(): boolean {
  return useContext(ShopConfigContext).presentationMode === 'factual';
}

/**
 * True when reviews from verified buyers are shown (ShopConfig `reviewsEnabled`): off
 * unless the operator switches them on in the back office. The same on the server and in the
 * browser (both read the page's boot data).
 */
export function useReviewsEnabled(): boolean {
  return useContext(ShopConfigContext).reviewsEnabled;
}
