import { DELIVERY_PROMISE } from '@shop/contracts';
import { useFactualMode, useShopConfig } from '@shop/shell-api';

/**
 * Benefits and trust badges (spec §2 'Home'). Only true statements: the shipping rules of
 * spec §9 and the one delivery promise, SSL only when the public origin is https, and TÜV /
 * Trusted Shops only when the configuration holds a certificate link.
 */
export function TrustBanner() {
  const config = useShopConfig();
  const factual = useFactualMode();
  return (
    <section className="catalog-trust-banner" aria-label={factual ? 'Versand und Preise' : 'Ihre Vorteile'}>
      <ul className="catalog-trust-banner__benefits">
        <li>Kostenloser Versand ab 4 Produkten</li>
        <li>{DELIVERY_PROMISE}</li>
        <li>Alle Preise inkl. 19 % MwSt.</li>
      </ul>
      <ul className="catalog-trust-banner__badges" aria-label="Sicherheit und Prüfzeichen">
        {/* Only true where it is: the shop's public address is served over TLS. */}
        {new URL(config.publicOrigin).protocol === 'https:' && <li className="catalog-trust-badge">SSL-verschlüsselt</li>}
        {config.tuevCertificateUrl && (
          <li className="catalog-trust-badge">
            <a href={config.tuevCertificateUrl} rel="noopener noreferrer" target="_blank">
              TÜV-Zertifikat
            </a>
          </li>
        )}
        {config.trustedShopsUrl && (
          <li className="catalog-trust-badge">
            <a href={config.trustedShopsUrl} rel="noopener noreferrer" target="_blank">
              Trusted Shops
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
