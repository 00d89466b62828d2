import { UnderConstruction } from '@shop/ui';
import type { PageId, RemotePagesProps } from '@shop/routes';

/** Account pages; built in the account slice's issue. Until then no data is read or stored. */
const PAGES: Record<PageId<'account'>, { title: string; text: string }> = {
  login: { title: 'Anmelden', text: 'Die Anmeldung entsteht gerade. Ein Kundenkonto kann noch nicht genutzt werden.' },
  register: { title: 'Registrieren', text: 'Die Registrierung entsteht gerade. Es kann noch kein Kundenkonto angelegt werden.' },
  'forgot-password': { title: 'Passwort vergessen', text: 'Das Zurücksetzen des Passworts entsteht gerade.' },
  'change-password': { title: 'Passwort ändern', text: 'Das Ändern des Passworts entsteht gerade.' },
  wishlist: { title: 'Wunschliste', text: 'Die Wunschliste entsteht gerade.' },
  profile: { title: 'Mein Profil', text: 'Das Kundenprofil entsteht gerade.' },
  orders: { title: 'Meine Bestellungen', text: 'Die Bestellübersicht entsteht gerade.' },
};

export default function AccountPages({ page }: RemotePagesProps<'account'>) {
  const entry = PAGES[page];
  if (!entry) throw new Error(`mf-account: unknown page '${page}'`);
  return <UnderConstruction title={entry.title}>{entry.text}</UnderConstruction>;
}
