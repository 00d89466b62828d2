/** The storefront forms' shared rules: where a form may send the browser back, and the flash cookie. */
import { decodeFlash, encodeFlash, type FlashNotice } from './entry-state';
import { safeReturnPath } from './storefront-forms';

describe('safeReturnPath', () => {
  test.each([
    ['/', '/'],
    ['/produkt/randm-tornado-9000?menge=2', '/produkt/randm-tornado-9000?menge=2'],
    ['/warenkorb#x', '/warenkorb#x'],
  ])('keeps the shop path %p', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  test.each([
    ['https://evil.example/'],
    ['//evil.example/'],
    ['/\\evil.example'],
    ['/%0d%0aSet-Cookie:x'.replace('%0d%0a', '\r\n')],
    ['javascript:alert(1)'],
    ['produkt/x'],
    [''],
    [42],
    [undefined],
    ['/' + 'a'.repeat(2001)],
  ])('refuses %p: the fallback instead', (value) => {
    expect(safeReturnPath(value, '/warenkorb')).toBe('/warenkorb');
  });

  test.each([
    ['/中', '/%E4%B8%AD'],
    ['/kategorien/süß?suche=blaue beere', '/kategorien/s%C3%BC%C3%9F?suche=blaue%20beere'],
    ['/a"b<c>', '/a%22b%3Cc%3E'],
    // Already encoded: kept as it is (encoding twice would change the page).
    ['/%E4%B8%AD?x=%C3%A4', '/%E4%B8%AD?x=%C3%A4'],
  ])('percent-encodes what a Location header cannot carry: %p', (value, expected) => {
    const path = safeReturnPath(value);
    expect(path).toBe(expected);
    expect(path).toMatch(/^[\x21-\x7e]+$/);
    expect(safeReturnPath(path)).toBe(path);
  });

  test('a value that cannot be encoded (a lone surrogate) gets the fallback', () => {
    expect(safeReturnPath('/\ud800', '/warenkorb')).toBe('/warenkorb');
  });
});

describe('the flash cookie', () => {
  const notice: FlashNotice = {
    tone: 'success',
    title: 'Gutscheincode angewendet!',
    text: 'Sie sparen 10% – "ÄÖÜ" ; , =',
    link: { href: '/warenkorb', label: 'Zum Warenkorb' },
  };

  test('round-trips any text, cookie-safe (no ; , space or quote in the value)', () => {
    const value = encodeFlash(notice);
    expect(value).not.toMatch(/[;, "]/);
    expect(decodeFlash(value)).toEqual(notice);
  });

  test.each([
    ['absent', undefined],
    ['not JSON', 'abc'],
    ['a broken escape', '%E0%A4%A'],
    ['a link to another site', encodeURIComponent(JSON.stringify({ ...notice, link: { href: 'https://evil.example', label: 'x' } }))],
    ['an unknown tone', encodeURIComponent(JSON.stringify({ ...notice, tone: 'html' }))],
  ])('%s → no notice', (_case, value) => {
    expect(decodeFlash(value)).toBeNull();
  });
});
