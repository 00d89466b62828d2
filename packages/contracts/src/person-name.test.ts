import { carriesLink, FREE_TEXT_LINK_MESSAGE, isPlainName, personName, NAME_CONTENT_MESSAGE } from './person-name';
import { WithdrawalBody } from './orders';

describe('names carry a name, not a link or markup', () => {
  test.each([
    'Erika',
    'Anna-Lena',
    'Dr. med. Hans',
    "O'Brien",
    'J. R. R.',
    'José María',
    'Schmitt-Ölke',
    'Zoë',
    'Nguyễn Văn An',
    'Łukasz',
    'Müller (geb. Schulz)',
    'von der Heide',
  ])('%j passes', (name) => {
    expect(isPlainName(name)).toBe(true);
  });

  test.each([
    'Bitte hier klicken https://evil.example/login',
    'HTTPS://EVIL.EXAMPLE',
    'ｈｔｔｐｓ://evil.example', // full-width
    'h\u200Bttps://evil.example', // zero-width space inside
    'www.evil.example',
    'Gewinn auf evil.com abholen',
    'bit.ly/abc',
    'kontakt@evil.example',
    '<a href=x>Erika</a>',
    '<img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '{{7*7}}',
  ])('%j is refused', (name) => {
    expect(isPlainName(name)).toBe(false);
  });

  test('the schema answers with the German message at the field', () => {
    const result = personName('Ihren Vornamen').safeParse('Bitte hier klicken https://evil.example/login');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(NAME_CONTENT_MESSAGE);
    expect(personName('Ihren Vornamen').parse('  Erika ')).toBe('Erika');
  });
});

describe('free text e-mailed back (the items of a withdrawal) carries no link', () => {
  it.each([
    '2× RandM Tornado 9000 Blueberry Ice, 1× Tornado 15000 Mango',
    'Alle Artikel außer dem Zubehör.\nDie Schachtel ist noch verschlossen.',
    'Bestellung vom 24.11., Artikel Nr. 3',
    'Tornado 7000 (Preis 9,90 €) – 2 Stück',
  ])('%s passes', (items) => {
    expect(carriesLink(items)).toBe(false);
    expect(WithdrawalBody.safeParse({ name: 'Anna Muster', orderNumber: 'RT-2026-000123', email: 'a@example.de', items }).success).toBe(
      true,
    );
  });

  it.each([
    'Alles, Details unter https://evil.example/login',
    'Siehe www.evil-shop.de',
    'Bitte hier klicken: bit.ly/abc',
    'Fragen an support@evil.example',
    'ｈｔｔｐｓ://evil.example',
    'javascript:alert(1)',
  ])('%s is refused with a German message at the field', (items) => {
    expect(carriesLink(items)).toBe(true);
    const parsed = WithdrawalBody.safeParse({ name: 'Anna Muster', orderNumber: 'RT-2026-000123', email: 'a@example.de', items });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues).toEqual([expect.objectContaining({ path: ['items'], message: FREE_TEXT_LINK_MESSAGE })]);
  });
});
