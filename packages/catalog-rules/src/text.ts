/**
 * German text normalisation. Umlauts and ß become their transliterations (ä→ae, ö→oe, ü→ue,
 * ß→ss; spec §2 link rule), other diacritics are stripped, everything is lower case. Search
 * applies it to the index and to the query alike, so 'süß' and 'suess' match both ways.
 */
const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Ä: 'ae', Ö: 'oe', Ü: 'ue', ẞ: 'ss' };

export function normalizeGerman(text: string): string {
  return text
    .replace(/[äöüßÄÖÜẞ]/g, (char) => TRANSLITERATION[char] ?? char)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * A URL slug of a German text: {@link normalizeGerman}, characters other than letters, digits,
 * spaces and hyphens dropped, spaces and hyphens joined to one hyphen ('Blaubeere Süß & Ice' →
 * 'blaubeere-suess-ice'). Empty when nothing is left.
 */
export function germanSlug(text: string): string {
  return normalizeGerman(text)
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Lower-case words of a text after {@link normalizeGerman}; punctuation separates words. */
export function searchTerms(text: string): string[] {
  return normalizeGerman(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Splits a product name after its first numeric word of at least 7000 (spec §2 'Search box'):
 * 'RandM Tornado 9000 Blueberry Ice' → ['RandM Tornado 9000', 'Blueberry Ice'].
 * Without such a word the whole name is the first part.
 */
export function splitProductName(name: string): [string, string] {
  const words = name.trim().split(/\s+/);
  const index = words.findIndex((word) => /^\d+$/.test(word) && Number(word) >= 7000);
  if (index === -1) return [name.trim(), ''];
  return [words.slice(0, index + 1).join(' '), words.slice(index + 1).join(' ')];
}
