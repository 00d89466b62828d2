import { useFactualMode, useShopConfig } from '@shop/shell-api';

/**
 * Benefits and trust badges (spec §2 'Home'). Only true statements: the shipping rules of
 * spec §9, SSL (the shop is served over TLS in production), and TÜV / Trusted Shops only when
 * the configuration holds a certificate link.
 */
export function TrustBanner() {
  const config = useShopConfig();
  const factual = useFactualMode();
  return (
    <section className="catalog-trust-banner" aria-label={factual ? 'Versand und Preise' : 'Ihre Vorteile'}>
      <ul className="catalog-trust-banner__benefits">
        <li>Kostenloser Versand ab 4 Produkten</li>
        <li>Versand innerhalb von 24 Stunden nach Zahlungseingang (werktags)</li>
        <li>Lieferung in 1–3 Werktagen</li>
        <li>Alle Preise inkl. 19 % MwSt.</li>
      </ul>
      <ul className="catalog-trust-banner__badges" aria-label="Sicherheit und Prüfzeichen">
        <li className="catalog-trust-badge">SSL-verschlüsselt</li>
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
