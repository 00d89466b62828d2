import { UnderConstruction } from '@shop/ui';
import type { PageId, RemotePagesProps } from '@shop/routes';

/** Admin pages (spec §2 'Admin routes'); built in the admin slice's issue. No data is shown or changed here yet. */
const TITLES: Record<PageId<'admin'>, string> = {
  dashboard: 'Admin-Dashboard',
  'auth-status': 'Anmeldestatus',
  products: 'Produkte verwalten',
  orders: 'Bestellungen verwalten',
  customers: 'Kunden verwalten',
  analytics: 'Auswertungen',
  content: 'Inhalte verwalten',
  'blog-new': 'Neuer Blogbeitrag',
  'blog-edit': 'Blogbeitrag bearbeiten',
  'page-new': 'Neue Seite',
  'page-edit': 'Seite bearbeiten',
  'content-edit': 'Inhalt bearbeiten',
  media: 'Medien',
  promotions: 'Aktionen',
};

export default function AdminPages({ page }: RemotePagesProps<'admin'>) {
  const title = TITLES[page];
  if (!title) throw new Error(`mf-admin: unknown page '${page}'`);
  return (
    <UnderConstruction title={title}>
      Die Verwaltung entsteht gerade. Sobald sie fertig ist, ist sie nur für angemeldete Mitarbeiter mit Admin- oder Manager-Rolle
      zugänglich.
    </UnderConstruction>
  );
}
