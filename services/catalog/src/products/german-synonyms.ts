/**
 * German words for the (English) flavour names, indexed beside them so German shoppers find
 * 'Strawberry Ice' with 'Erdbeere' or 'Erdbeer Eis'.
 */
const SYNONYMS: Record<string, string[]> = {
  apple: ['apfel'],
  banana: ['banane'],
  berry: ['beere', 'beeren'],
  berries: ['beeren'],
  blackberry: ['brombeere'],
  blueberry: ['blaubeere', 'heidelbeere'],
  bubblegum: ['kaugummi'],
  cherry: ['kirsche'],
  coconut: ['kokos', 'kokosnuss'],
  cola: ['cola'],
  cranberry: ['cranberry', 'preiselbeere'],
  cream: ['sahne', 'creme'],
  dragon: ['drachen'],
  fruit: ['frucht'],
  grape: ['traube', 'weintraube'],
  guava: ['guave'],
  ice: ['eis', 'kühl'],
  cool: ['kühl'],
  kiwi: ['kiwi'],
  lemon: ['zitrone'],
  lemonade: ['limonade'],
  lime: ['limette'],
  mango: ['mango'],
  melon: ['melone'],
  mint: ['minze'],
  mixed: ['gemischt'],
  orange: ['orange'],
  passion: ['maracuja', 'passionsfrucht'],
  peach: ['pfirsich'],
  pear: ['birne'],
  pineapple: ['ananas'],
  pomegranate: ['granatapfel'],
  raspberry: ['himbeere'],
  red: ['rot'],
  soda: ['limo'],
  strawberry: ['erdbeere', 'erdbeer'],
  watermelon: ['wassermelone'],
  triple: ['dreifach'],
  energy: ['energy'],
  aloe: ['aloe'],
  grapefruit: ['grapefruit'],
};

/** German synonyms of every word of a flavour name, space-separated ('' when none). */
export function germanSynonyms(flavour: string): string {
  const words = flavour
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  return [...new Set(words.flatMap((word) => SYNONYMS[word] ?? []))].join(' ');
}
