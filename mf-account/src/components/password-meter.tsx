import { passwordStrength } from '@shop/account-rules';

/**
 * The live strength meter of spec §5 under a new-password field: six steps and the spec's German
 * label ('Zu kurz (mindestens 12 Zeichen erforderlich)', 'Enthält unsichere Muster', 'Sehr schwach'
 * … 'Sehr stark'), announced politely as it changes.
 */
export function PasswordMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label, tooShort, weakPattern } = passwordStrength(password);
  const level = tooShort || weakPattern ? 'weak' : score >= 5 ? 'strong' : score === 4 ? 'medium' : 'weak';
  return (
    <div className="account-meter" data-testid="password-meter">
      <meter
        min={0}
        max={6}
        low={3}
        high={5}
        optimum={6}
        value={score}
        aria-hidden="true"
        className={`account-meter__bar account-meter__bar--${level}`}
      />
      <p className="account-meter__label" aria-live="polite">
        Passwortstärke: {label}
      </p>
    </div>
  );
}
