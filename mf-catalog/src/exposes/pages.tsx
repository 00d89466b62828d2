import { UnderConstruction } from '@shop/ui';

/** Catalogue pages; built in the catalog slice's issue. Until then each says so honestly. */
const PAGES: Record<string, { title: string; text: string }> = {
  home: { title: 'Willkommen im RandM Tornado Shop', text: 'Die Startseite mit Angeboten und Kategorien entsteht gerade.' },
  'all-products': { title: 'Alle Produkte', text: 'Die Produktübersicht mit Suche, Filtern und Sortierung entsteht gerade.' },
  'category-overview': { title: 'Kategorien', text: 'Die Übersicht aller Kategorien entsteht gerade.' },
  'category-listing': { title: 'Kategorie', text: 'Die Produktliste dieser Kategorie entsteht gerade.' },
  'product-detail': { title: 'Produkt', text: 'Die Produktseite mit Beschreibung und technischen Daten entsteht gerade.' },
};

export default function CatalogPages({ page }: { page: string }) {
  const entry = PAGES[page] ?? { title: 'Katalog', text: 'Dieser Teil des Katalogs entsteht gerade.' };
  return <UnderConstruction title={entry.title}>{entry.text}</UnderConstruction>;
}
