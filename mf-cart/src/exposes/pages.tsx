import { UnderConstruction } from '@shop/ui';

/** Cart and checkout pages; built in the cart slice's issue. Until then nothing here takes orders. */
const PAGES: Record<string, { title: string; text: string }> = {
  cart: { title: 'Warenkorb', text: 'Der Warenkorb entsteht gerade. Bestellungen sind noch nicht möglich.' },
  checkout: { title: 'Kasse', text: 'Die Kasse mit Altersprüfung entsteht gerade. Bestellungen sind noch nicht möglich.' },
  'thank-you': { title: 'Vielen Dank', text: 'Die Bestellbestätigung entsteht gerade.' },
};

export default function CartPages({ page }: { page: string }) {
  const entry = PAGES[page] ?? { title: 'Warenkorb', text: 'Dieser Bereich entsteht gerade.' };
  return <UnderConstruction title={entry.title}>{entry.text}</UnderConstruction>;
}
