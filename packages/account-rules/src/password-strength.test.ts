import { passwordProblem, passwordStrength } from './password-strength';

describe('password strength (spec §5)', () => {
  test('under 12 characters it is too short, whatever else it has', () => {
    expect(passwordStrength('Kurz1!')).toMatchObject({ tooShort: true, label: 'Zu kurz (mindestens 12 Zeichen erforderlich)' });
  });

  test('scores add one per rule, and a weak pattern takes two away', () => {
    expect(passwordStrength('abcdefghijkl').score).toBe(2); // length 12, lowercase
    expect(passwordStrength('abcdefghijkl').label).toBe('Schwach');
    expect(passwordStrength('abcdefghijkL').score).toBe(3);
    expect(passwordStrength('abcdefghijK1').label).toBe('Mittel'); // 12, lower, upper, digit
    expect(passwordStrength('abcdefghijK1!').label).toBe('Stark');
    expect(passwordStrength('abcdefghijklmnK1!').label).toBe('Sehr stark');
    expect(passwordStrength('Mein-Qwerty-Haus7!')).toMatchObject({ weakPattern: true, label: 'Enthält unsichere Muster', score: 4 });
  });

  test.each(['xx123456xxxxxx', 'MyPassWORDxxxx', 'ihr-admin-zugang', 'zzzz-unten-drunter', 'abababxyzxyzq', 'geheim-abc123-x'])(
    '%s contains a weak pattern',
    (password) => expect(passwordStrength(password).weakPattern).toBe(true),
  );

  test('the service refuses short, overlong and weak passwords with a German reason; a passphrase passes', () => {
    expect(passwordProblem('kurz')).toBe('Das Passwort muss mindestens 12 Zeichen lang sein.');
    expect(passwordProblem('x'.repeat(201))).toMatch(/höchstens 200 Zeichen/);
    expect(passwordProblem('Sonnenblume-123456')).toMatch(/unsichere Muster/);
    expect(passwordProblem('drei kleine katzen tanzen')).toBeNull();
  });

  test.each([
    ['Shop-Admin-Zugang-2026!', '„admin“'],
    ['Sonnenblume-123456', '„123456“'],
    ['MyPassWORD-qwerty-7', '„password“ und „qwerty“'],
    ['Sonnenblume-1111-Garten', 'dasselbe Zeichen viermal hintereinander'],
    ['Garten-xyxyxy-Blume', 'dieselben zwei Zeichen dreimal hintereinander'],
  ])('the refusal of %s names the weak pattern found in it, and no other', (password, found) => {
    expect(passwordProblem(password)).toBe(`Das Passwort enthält unsichere Muster (hier: ${found}). Bitte wählen Sie ein anderes.`);
  });
});
