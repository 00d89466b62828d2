/**
 * How reviews are checked, shown next to every review list and rating (§ 5b Abs. 3 UWG:
 * whether and how the shop makes sure reviews come from people who used or bought the product;
 * legal-de.md 0.4). The rules are those the catalog and the cart enforce.
 */
export const REVIEW_CHECK_NOTICE =
  'So prüfen wir Bewertungen: Bewerten können nur Käuferinnen und Käufer einer zugestellten Bestellung, jedes gekaufte Produkt einmal – über den Link aus der Einladung nach der Zustellung oder über die Bestellung im Kundenkonto. Wir prüfen jede Bewertung vor der Veröffentlichung (kein Bezug zum Produkt, Beleidigungen oder persönliche Daten werden nicht veröffentlicht) und veröffentlichen positive wie negative. Für Bewertungen gibt es keine Gegenleistung. Die neuesten stehen oben.';

/** The badge of every shown review: only buyers of a delivered order can write one. */
export const VERIFIED_PURCHASE = 'Verifizierter Kauf';
