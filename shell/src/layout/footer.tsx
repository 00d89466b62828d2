import { Link } from 'react-router-dom';
import { StaticHtml, useFactualMode, useShopConfig } from '@shop/shell-api';
import { FooterNewsletter } from './footer-newsletter';

const GROUPS = [
  {
    title: 'Schnellzugriff',
    links: [
      { to: '/', label: 'Startseite' },
      // spec §2: the footer links to /produkte; the gateway and shell redirect it to all products.
      { to: '/produkte', label: 'Alle Produkte' },
      { to: '/randm-tornado-vape-blog', label: 'Blog' },
      { to: '/ueber-uns', label: 'Über uns' },
    ],
  },
  {
    title: 'Kundenservice',
    links: [
      { to: '/kontakt', label: 'Kontakt' },
      { to: '/versand', label: 'Versand' },
      { to: '/rueckgabe', label: 'Rückgabe' },
    ],
  },
  {
    title: 'Rechtliches',
    links: [
      { to: '/impressum', label: 'Impressum' },
      { to: '/datenschutz', label: 'Datenschutz' },
      { to: '/agb', label: 'AGB' },
      { to: '/jugendschutz', label: 'Jugendschutz' },
      { to: '/widerrufsbelehrung', label: 'Widerrufsbelehrung' },
      { to: '/batterie-hinweise', label: 'Batterie-Hinweise' },
      { to: '/barrierefreiheit', label: 'Barrierefreiheit' },
      // § 356a BGB: the withdrawal function must be easy to reach at all times (legal-de.md §4.8).
      { to: '/vertrag-widerrufen', label: 'Vertrag widerrufen' },
    ],
  },
];

/**
 * The calendar year in Germany at `instant` (ISO 8601). The turn of the year falls in winter time
 * (UTC+1) every year, so the year in Germany is UTC's an hour later; no time-zone data needed.
 */
function yearInGermany(instant: string): number {
  return new Date(Date.parse(instant) + 3_600_000).getUTCFullYear();
}

/**
 * Footer of spec §2: link groups, contact from configuration, the newsletter sign-up, 18+ notice,
 * copyright of the current year (spec: 2024), taken from the page's render time in the boot data
 * (ShopConfig `renderedAt`), so the server's HTML and the hydrated page agree.
 */
export function Footer() {
  const { contactEmail, contactAddress, shopName, renderedAt } = useShopConfig();
  const factual = useFactualMode();
  return (
    <footer className="shell-site-footer">
      <div className="shop-container shell-site-footer__grid">
        {/* Links and text only: kept as the server's HTML, without hydration work (grid items still). */}
        <StaticHtml>
          {GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="shell-site-footer__title">{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <section aria-labelledby="footer-contact">
            <h2 className="shell-site-footer__title" id="footer-contact">
              Kontakt
            </h2>
            <address>
              {contactAddress.map((line) => (
                <span key={line} className="shell-site-footer__address-line">
                  {line}
                </span>
              ))}
              <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
            </address>
          </section>
        </StaticHtml>
        {/* No public newsletter sign-up in the factual presentation mode (§ 19 TabakerzG, OLG Koblenz 9 U 825/19). */}
        {!factual && <FooterNewsletter />}
      </div>
      <div className="shop-container shell-site-footer__notice">
        <StaticHtml>
          <p className="shell-age-notice">
            <span className="shell-age-notice__badge">18+</span> Verkauf nur an Personen ab 18 Jahren. Dieses Produkt enthält Nikotin: einem
            Stoff, der sehr stark abhängig macht.
          </p>
          <p>{`© ${yearInGermany(renderedAt)} ${shopName}. Alle Rechte vorbehalten.`}</p>
        </StaticHtml>
      </div>
    </footer>
  );
}
