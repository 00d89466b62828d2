import { useShopConfig } from '@shop/shell-api';

/**
 * Marks seeded demo products in a development deployment, so nobody mistakes the
 * demo catalogue for real offers. Production deployments show nothing.
 */
export function DemoBadge({ isDemo, variant = 'badge' }: { isDemo: boolean; variant?: 'badge' | 'notice' }) {
  const config = useShopConfig();
  if (!isDemo || config.environment !== 'development') return null;
  return variant === 'badge' ? (
    <span className="catalog-demo-badge" title="Beispieldaten aus dem Demo-Katalog">
      Demo
    </span>
  ) : (
    <p className="shop-demo-notice" role="note">
      Demodaten: Dieses Produkt stammt aus dem Demo-Katalog. Preise und Bestände sind Beispielwerte.
    </p>
  );
}
