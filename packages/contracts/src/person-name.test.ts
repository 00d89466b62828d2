import { isPlainName, personName, NAME_CONTENT_MESSAGE } from './person-name';

describe('names carry a name, not a link or markup (issue #21)', () => {
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
