/**
 * Parcel lockers, parcel shops and post offices as delivery addresses (legal-de.md §1.6: the goods
 * go only into the hands of a verified adult). Matching acts on what a person reads, not on the
 * bytes typed ('Pack-Station', 'Packst.', 'Pack\u200bstation', a Cyrillic 'а' all passed: Latin look-alikes,
 * typos and short forms are read as what they look like).
 */

import { remove as removeConfusables } from 'confusables';

/** Zero-width and other invisible format characters (soft hyphen, ZWSP/ZWNJ/ZWJ, marks, word joiner, BOM). */
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]/g;

/**
 * One address line as a matcher sees it: NFKC (full-width and compatibility forms), invisible
 * characters removed, 'ß' → 'ss', look-alike letters of any script folded to the Latin letter
 * they imitate (the Unicode confusables data, via the `confusables` library: Cyrillic 'а', Latin
 * 'ɑ', 'ĸ', small capitals 'ᴋ' 'ᴘ', 'ƙ'), lower case, accents removed, and everything but letters
 * and digits dropped ('Pack-Station 105' → 'packstation105').
 */
export function squashForMatching(text: string): string {
  return removeConfusables(text.normalize('NFKC').replace(INVISIBLE, '').replace(/ß/g, 'ss').replace(/ẞ/g, 'SS'))
    .toLowerCase()
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
    '(pack|paket|post|packing)stat', // Packstation, Paketstation, Poststation, 'Packing Station'
    'packst?\\d', // 'Packst. 105', 'Packs. 105'
    '^ps\\d{1,4}$', // 'PS 105': the Packstation's short form, as the whole line
    'paket(shop|box|kasten|automat|kiosk)',
    'post(filiale|fach|nummer|nr\\d|box|lagernd)',
    'postkunden(nummer|nr)',
    'filiale(nr|nummer)?\\d',
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

/**
 * Words a typo must not hide ('Pakcstation', 'Packstaion'), with the edits allowed: the optimal
 * string alignment distance (insert, delete, replace, swap two neighbours) to any stretch of the
 * squashed line. Only long words, so that no ordinary street name comes within reach.
 */
const TYPO_WORDS: ReadonlyArray<[word: string, maxEdits: number]> = [
  ['packstation', 2],
  ['paketstation', 2],
  ['postfiliale', 2],
  ['postlagernd', 2],
  ['paketshop', 1],
];

/** Edit distance with swaps of neighbours counted once (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Whether some stretch of the letters of `squashed` is within the allowed edits of a typo word. */
function hasTypoOfPickupWord(squashed: string): boolean {
  const letters = squashed.replace(/[0-9]/g, '');
  return TYPO_WORDS.some(([word, maxEdits]) => {
    for (let length = word.length - maxEdits; length <= word.length + maxEdits; length++) {
      for (let start = 0; start + length <= letters.length; start++) {
        if (editDistance(letters.slice(start, start + length), word) <= maxEdits) return true;
      }
    }
    return false;
  });
}

/** The German message shown when a delivery address is a parcel locker or parcel shop. */
export const PARCEL_LOCKER_MESSAGE =
  'Lieferungen an Packstationen, Postfilialen oder Paketshops sind nicht möglich: Die Ware darf nur persönlich an eine volljährige Person übergeben werden.';

/** True when any of the address lines names a Packstation, Postfiliale, Paketshop or similar. */
export const isParcelLockerAddress = (...lines: Array<string | undefined>) =>
  lines.some((line) => {
    if (!line) return false;
    const squashed = squashForMatching(line);
    return PICKUP_POINT.test(squashed) || hasTypoOfPickupWord(squashed);
  });
