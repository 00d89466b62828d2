/**
 * Parcel lockers, parcel shops and post offices as delivery addresses (legal-de.md §1.6: the goods
 * go only into the hands of a verified adult). Matching acts on what a person reads, not on the
 * bytes typed (issue #9: 'Pack-Station', 'Packst.', 'Pack\u200bstation', a Cyrillic 'а' all passed).
 */

/** Cyrillic and Greek letters that look like Latin ones, folded to the Latin letter. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};

/** Zero-width and other invisible format characters (soft hyphen, ZWSP/ZWNJ/ZWJ, marks, word joiner, BOM). */
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]/g;

/**
 * One address line as a matcher sees it: NFKC (full-width and compatibility forms), invisible
 * characters removed, lower case, look-alike letters folded, accents removed ('ß' → 'ss'), and
 * everything but letters and digits dropped ('Pack-Station 105' → 'packstation105').
 */
export function squashForMatching(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .replace(/[\u0370-\u03FF\u0400-\u052F]/g, (letter) => LOOKALIKES[letter] ?? letter)
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * What marks a pickup point in a squashed line. Words that also occur inside ordinary street
 * names ('Filiale', 'Locker') count only followed by a number ('Filiale 502', 'Locker 7').
 */
const PICKUP_POINT = new RegExp(
  [
    '(pack|paket|post)stat', // Packstation, Paketstation, Poststation
    'packst\\d', // 'Packst. 105'
    'paket(shop|box|kasten|automat|kiosk)',
    'post(filiale|fach|nummer|nr\\d|box)',
    'postkunden(nummer|nr)',
    'filiale\\d',
    'parcel(shop|locker|station|box|point)',
    'locker\\d',
    'amazon(locker|hub|counter)',
    'dhl(shop|station|point|filiale)',
    'hermes(shop|paketshop)',
    'dpd(pickup|shop)',
    'gls(shop|paketshop)',
    'abholstation',
    'pickup(point|station|shop)',
  ].join('|'),
);

/** The German message shown when a delivery address is a parcel locker or parcel shop. */
export const PARCEL_LOCKER_MESSAGE =
  'Lieferungen an Packstationen, Postfilialen oder Paketshops sind nicht möglich: Die Ware darf nur persönlich an eine volljährige Person übergeben werden.';

/** True when any of the address lines names a Packstation, Postfiliale, Paketshop or similar. */
export const isParcelLockerAddress = (...lines: Array<string | undefined>) =>
  lines.some((line) => !!line && PICKUP_POINT.test(squashForMatching(line)));
