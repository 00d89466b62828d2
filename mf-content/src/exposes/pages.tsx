import { UnderConstruction } from '@shop/ui';
import type { PageId, RemotePagesProps } from '@shop/routes';

/** Blog and information pages; built in the content slice's issue. */
const PAGES: Record<PageId<'content'>, { title: string; text: string }> = {
  'blog-list': { title: 'Blog', text: 'Unser Blog mit Ratgebern zu jeder Kategorie entsteht gerade.' },
  'blog-post': { title: 'Blog', text: 'Dieser Blogbeitrag ist noch nicht verfügbar.' },
  contact: { title: 'Kontakt', text: 'Das Kontaktformular entsteht gerade. Sie erreichen uns per E-Mail (siehe unten).' },
  shipping: { title: 'Versand', text: 'Die Versandinformationen werden gerade erstellt.' },
  returns: { title: 'Rückgabe', text: 'Die Informationen zu Rückgabe und Widerruf werden gerade erstellt.' },
  imprint: { title: 'Impressum', text: 'Das Impressum wird gerade erstellt.' },
  privacy: { title: 'Datenschutz', text: 'Die Datenschutzerklärung wird gerade erstellt.' },
  terms: { title: 'AGB', text: 'Die Allgemeinen Geschäftsbedingungen werden gerade erstellt.' },
  'youth-protection': { title: 'Jugendschutz', text: 'Die Informationen zum Jugendschutz werden gerade erstellt.' },
  about: { title: 'Über uns', text: 'Diese Seite wird gerade erstellt.' },
};

export default function ContentPages({ page }: RemotePagesProps<'content'>) {
  const entry = PAGES[page];
  if (!entry) throw new Error(`mf-content: unknown page '${page}'`);
  return <UnderConstruction title={entry.title}>{entry.text}</UnderConstruction>;
}
