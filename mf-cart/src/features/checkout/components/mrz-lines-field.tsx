import type { ClipboardEvent } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '@shop/ui/form';
import type { CheckoutFormValues } from '../checkout-form';
import { MRZ_LINE_LENGTH, mrzFeedback, splitPastedMrz } from '../mrz-feedback';

const LINE_NAMES = ['mrz1', 'mrz2', 'mrz3'] as const;

/**
 * The three lines of the ID card's machine-readable zone (seen on a 390 px phone: the
 * end of each line was cut off). Monospace inputs sized to show a whole line of 30 characters,
 * a counter per line, the check digits judged while typing ({@link mrzFeedback}), and a paste of
 * all lines at once (from a scanner app or a note) is spread over the three inputs.
 */
export function MrzLinesField() {
  const { register, formState, setValue, setFocus } = useFormContext<CheckoutFormValues>();
  const values = useWatch<CheckoutFormValues, typeof LINE_NAMES>({ name: LINE_NAMES });
  const feedback = mrzFeedback([values[0] ?? '', values[1] ?? '', values[2] ?? '']);

  /** A paste of several lines fills this input and the ones after it. */
  const pasteLines = (from: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const lines = splitPastedMrz(event.clipboardData.getData('text'));
    if (!lines) return;
    event.preventDefault();
    const targets = LINE_NAMES.slice(from, from + lines.length);
    targets.forEach((name, index) => setValue(name, lines[index]!, { shouldDirty: true, shouldValidate: formState.isSubmitted }));
    setFocus(targets[targets.length - 1]!);
  };

  return (
    <fieldset className="cart-checkout-fieldset cart-mrz-lines">
      <legend>Personalausweis: maschinenlesbare Zone</legend>
      <p className="shop-field__hint">
        Übertragen Sie die drei Zeilen von der Rückseite Ihres Personalausweises, jeweils 30 Zeichen, inklusive der Zeichen „&lt;“. Sie
        können auch alle drei Zeilen auf einmal einfügen.
      </p>
      {LINE_NAMES.map((name, index) => {
        const line = feedback[index]!;
        const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
        return (
          <FormField key={name} label={`Zeile ${index + 1}`} error={error} className="cart-checkout-field--mrz">
            {(control) => (
              <>
                <input
                  {...control}
                  aria-describedby={[control['aria-describedby'], `${control.id}-status`].filter(Boolean).join(' ')}
                  aria-invalid={control['aria-invalid'] ?? (line.tone === 'error' ? true : undefined)}
                  autoComplete="off"
                  autoCapitalize="characters"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={34}
                  required
                  onPaste={pasteLines(index)}
                  {...register(name)}
                />
                <p id={`${control.id}-status`} className={`cart-mrz-status cart-mrz-status--${line.tone}`}>
                  <span className="cart-mrz-status__count">
                    {line.length} von {MRZ_LINE_LENGTH} Zeichen
                  </span>
                  <span aria-live="polite">{line.message && ` · ${line.message}`}</span>
                </p>
              </>
            )}
          </FormField>
        );
      })}
    </fieldset>
  );
}
