/** Shortest password accepted (spec §5). */
export const PASSWORD_MIN_LENGTH = 12;
/** Longest password accepted: argon2 hashes any length, this only bounds the work per request. */
export const PASSWORD_MAX_LENGTH = 200;

/**
 * Spec §5's weak patterns, each with how a refusal names it: any of them makes the score 2 lower
 * (never below 0). A repetition is named by its kind, never by the characters repeated (a
 * refusal may travel in a form's outcome cookie, which must carry no part of a password).
 */
const WEAK_PATTERNS: ReadonlyArray<{ pattern: RegExp; name: string }> = [
  { pattern: /123456/, name: '„123456“' },
  { pattern: /password/i, name: '„password“' },
  { pattern: /admin/i, name: '„admin“' },
  { pattern: /qwerty/i, name: '„qwerty“' },
  { pattern: /abc123/i, name: '„abc123“' },
  { pattern: /(.)\1{3,}/, name: 'dasselbe Zeichen viermal hintereinander' },
  { pattern: /(..)\1{2,}/, name: 'dieselben zwei Zeichen dreimal hintereinander' },
];

/** How the refusal names the weak patterns `password` contains, in the list's order (empty when none). */
const weakPatternsIn = (password: string) => WEAK_PATTERNS.filter(({ pattern }) => pattern.test(password)).map(({ name }) => name);

export type PasswordStrengthLabel =
  | 'Zu kurz (mindestens 12 Zeichen erforderlich)'
  | 'Enthält unsichere Muster'
  | 'Sehr schwach'
  | 'Schwach'
  | 'Mittel'
  | 'Stark'
  | 'Sehr stark';

export interface PasswordStrength {
  /** 0–6 (spec §5). */
  score: number;
  /** The German feedback of spec §5, verbatim. */
  label: PasswordStrengthLabel;
  tooShort: boolean;
  /** Contains one of the weak patterns (123456, password, admin, qwerty, abc123, a character 4+ times, a pair 3 times). */
  weakPattern: boolean;
}

/**
 * Password strength as spec §5 defines it, for the registration and password forms' meter and for
 * the service's check: +1 each for length ≥ 12, length ≥ 16, a lowercase letter, an uppercase
 * letter, a digit, one of @$!%*?&; −2 when a weak pattern occurs (minimum 0). Feedback: under 12
 * characters 'Zu kurz (mindestens 12 Zeichen erforderlich)', a weak pattern 'Enthält unsichere
 * Muster', else by score 0–1 'Sehr schwach', 2–3 'Schwach', 4 'Mittel', 5 'Stark', 6 'Sehr stark'.
 */
export function passwordStrength(password: string): PasswordStrength {
  const checks = [
    password.length >= PASSWORD_MIN_LENGTH,
    password.length >= 16,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    /[@$!%*?&]/.test(password),
  ];
  const weakPattern = weakPatternsIn(password).length > 0;
  const score = Math.max(0, checks.filter(Boolean).length - (weakPattern ? 2 : 0));
  const tooShort = password.length < PASSWORD_MIN_LENGTH;
  return { score, label: labelFor(score, tooShort, weakPattern), tooShort, weakPattern };
}

function labelFor(score: number, tooShort: boolean, weakPattern: boolean): PasswordStrengthLabel {
  if (tooShort) return 'Zu kurz (mindestens 12 Zeichen erforderlich)';
  if (weakPattern) return 'Enthält unsichere Muster';
  if (score <= 1) return 'Sehr schwach';
  if (score <= 3) return 'Schwach';
  if (score === 4) return 'Mittel';
  if (score === 5) return 'Stark';
  return 'Sehr stark';
}

/** 'a', 'a und b', 'a, b und c'. */
const germanList = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} und ${items[items.length - 1]}`;

/**
 * Why a new password is refused, in German, or null when it is accepted. The shop enforces
 * length and the weak patterns of spec §5, and a refusal names those the password contains (the
 * score is advice shown by the meter: long passphrases of lowercase words are good passwords);
 * the account service also refuses passwords from lists of breached passwords (not shipped to
 * the browser). `npm run create-admin` and every password form of the shop use it.
 */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`;
  const weak = weakPatternsIn(password);
  if (weak.length) return `Das Passwort enthält unsichere Muster (hier: ${germanList(weak)}). Bitte wählen Sie ein anderes.`;
  return null;
}
