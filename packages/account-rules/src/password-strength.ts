/** Shortest password accepted (spec §5). */
export const PASSWORD_MIN_LENGTH = 12;
/** Longest password accepted: argon2 hashes any length, this only bounds the work per request. */
export const PASSWORD_MAX_LENGTH = 200;

/** Spec §5's weak patterns: each makes the score 2 lower (never below 0). */
const WEAK_PATTERNS: readonly RegExp[] = [/123456/, /password/i, /admin/i, /qwerty/i, /abc123/i, /(.)\1{3,}/, /(..)\1{2,}/];

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
  const weakPattern = WEAK_PATTERNS.some((pattern) => pattern.test(password));
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

/**
 * Why a new password is refused, in German, or null when it is accepted. The shop enforces
 * length and the weak patterns of spec §5 (the score is advice shown by the meter: long
 * passphrases of lowercase words are good passwords); the account service also refuses
 * passwords from lists of breached passwords (not shipped to the browser).
 */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`;
  if (passwordStrength(password).weakPattern)
    return 'Das Passwort enthält unsichere Muster (z. B. 123456, password, qwerty oder viele gleiche Zeichen). Bitte wählen Sie ein anderes.';
  return null;
}
