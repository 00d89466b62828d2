import { isParcelLockerAddress, squashForMatching } from './parcel-locker';
import { Address } from '../orders';

/** Delivery to a pickup point is refused however it is spelled (legal-de.md §1.6). */
test.each([
  'Packstation 105',
  'Pack-Station 105',
  'Packst. 105',
  'Pack.station',
  'Pack\u200bstation 105', // zero-width space
  'P\u0430ckstation 105', // Cyrillic а
  'ＰＡＣＫＳＴＡＴＩＯＮ 105', // full-width
  'Pack\u00ADstation', // soft hyphen
  'Paketstation 7',
  'Postfiliale 502',
  'Filiale 502',
  'Parcelshop 12',
  'Parcel Locker 3',
  'Amazon Locker 7',
  'Locker 7',
  'Postnummer 12345678',
  'Postnr. 12345678',
  'Postfach 1234',
  'Paketshop Kiosk am Markt',
  'DHL Shop',
  'Hermes PaketShop',
  'Paketkasten',
  'Abholstation Hauptbahnhof',
  // Latin look-alikes (Unicode confusables), typos and short forms.
  'P\u0251ckstation 105', // ɑ
  'Pac\u0138station 105', // ĸ
  'Pac\u1D0Bstation 105', // small capital ᴋ
  '\u1D18ackstation 105', // small capital ᴘ
  'Pac\u0199station 105', // ƙ
  'Pakcstation 105',
  'Packstaion 105',
  'Pakstation 105',
  'Packs. 105',
  'PS 105',
  'Packing Station 12',
  'postlagernd',
  'Postlagernd Köln',
  'Filiale Nr. 502',
  'Postfilale 502',
  'Paketshp Kiosk',
])('%j is a pickup point', (line) => {
  expect(isParcelLockerAddress(line)).toBe(true);
});

test.each([
  'Heidestraße 17',
  'Glockengießerwall 2',
  'Am Postweg 3',
  'Stationsstraße 5',
  'Filialweg 3',
  'Lockerstraße 2',
  'Packhofstraße 1',
  'Poststraße 12',
  'Hinterhaus, 2. OG',
  'Am Packhof 4',
  'Parkstraße 9',
  'Bachstraße 12',
  'Postplatz 1',
  'Stationsweg 2',
  'Paketweg 1',
  'Lagerstraße 5',
  'Fischerstraße 4',
  'Am Posthof 3',
  'Rackstraße 7',
  'c/o Meier',
])('%j is an ordinary address line', (line) => {
  expect(isParcelLockerAddress(line)).toBe(false);
});

test('every line is checked, including name and second line', () => {
  expect(isParcelLockerAddress('Erika', 'Mustermann', 'Heidestraße 17', 'Postnummer 12345678', 'Köln')).toBe(true);
  expect(isParcelLockerAddress('Erika 12345678 Packstation', 'Mustermann', 'Heidestraße 17')).toBe(true);
});

test('squashing: compatibility forms, invisibles, look-alikes, accents and separators', () => {
  expect(squashForMatching('Ｐack\u200b-Stаtion 1')).toBe('packstation1');
  expect(squashForMatching('Straße über')).toBe('strasseuber');
});

test('names and address lines refuse line breaks and control characters', () => {
  const address = {
    firstName: 'Erika',
    lastName: 'Mustermann',
    street: 'Heidestraße 17',
    addressLine2: '',
    postalCode: '51147',
    city: 'Köln',
    country: 'DE',
  };
  expect(Address.safeParse(address).success).toBe(true);
  for (const [field, value] of [
    ['firstName', 'Erika\r\nBcc: x@y.z'],
    ['street', 'Heidestraße\n17'],
    ['addressLine2', 'a\u0007b'],
    ['city', 'Kö\u2028ln'],
  ] as const) {
    const result = Address.safeParse({ ...address, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Bitte ohne Zeilenumbrüche oder Steuerzeichen eingeben.');
  }
});
