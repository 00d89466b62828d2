import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@shop/api-client';
import { REVIEW_NAME_MAX, REVIEW_TEXT_MAX, ReviewSubmission, type ReviewOrderRef } from '@shop/contracts';
import { Button, ClientForm, Notice } from '@shop/ui';
import { reviewsApi } from '../../api/reviews-api';

type Field = 'rating' | 'text' | 'displayName';
const STAR_LABELS = ['1 Stern – schlecht', '2 Sterne', '3 Sterne', '4 Sterne', '5 Sterne – sehr gut'];

/** The field errors of a 400 answer (`issues` with `body/<field>` paths). */
function issuesOf(error: unknown): Partial<Record<Field, string>> {
  const issues = ((error as ApiError).body as { issues?: Array<{ path?: string; message?: string }> } | null)?.issues ?? [];
  const found: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path).replace(/^body\//, '') as Field;
    if (['rating', 'text', 'displayName'].includes(field) && issue.message) found[field] ??= issue.message;
  }
  return found;
}

/**
 * The review form of one bought product: stars 1–5 as a radio group, the text and
 * the name shown with it, checked in the browser with the same contract the catalog checks
 * (German errors at the fields, focus on the first), then submitted. `onSubmitted` after the 201.
 */
export function ReviewForm({
  order,
  productId,
  productName,
  onSubmitted,
}: {
  order: ReviewOrderRef;
  productId: string;
  productName: string;
  onSubmitted: () => void;
}) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const focusFirst = (found: Partial<Record<Field, string>>) => {
    const first = (['rating', 'text', 'displayName'] as const).find((field) => found[field]);
    if (first) document.getElementById(`${id}-${first}${first === 'rating' ? '-1' : ''}`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ReviewSubmission.safeParse({ order, productId, rating: rating ?? undefined, text, displayName });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= field === 'rating' ? 'Bitte vergeben Sie 1 bis 5 Sterne.' : issue.message;
      }
      setErrors(found);
      focusFirst(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await reviewsApi.submit({ order, productId, rating: rating!, text, displayName });
      onSubmitted();
    } catch (error) {
      const found = error instanceof ApiError && error.status === 400 ? issuesOf(error) : {};
      if (Object.keys(found).length) {
        setErrors(found);
        focusFirst(found);
      } else {
        setFailure(
          error instanceof ApiError
            ? error.serverMessage
            : 'Die Bewertung konnte gerade nicht gesendet werden. Bitte versuchen Sie es erneut.',
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const describedBy = (field: Field, hint = false) =>
    [hint ? `${id}-${field}-hint` : '', errors[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <ClientForm
      className="catalog-review-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={`Bewertung für ${productName}`}
    >
      <div className="shop-field">
        <fieldset className="catalog-star-input" aria-describedby={describedBy('rating')} aria-invalid={errors.rating ? true : undefined}>
          <legend>Ihre Sterne</legend>
          {STAR_LABELS.map((label, index) => (
            <label key={label} className="catalog-star-input__option">
              <input
                id={`${id}-rating-${index + 1}`}
                type="radio"
                name={`${id}-rating`}
                value={index + 1}
                checked={rating === index + 1}
                onChange={() => setRating(index + 1)}
              />
              <span aria-hidden="true" className={rating !== null && index < rating ? 'catalog-star-input__star--on' : undefined}>
                ★
              </span>
              <span className="shop-visually-hidden">{label}</span>
            </label>
          ))}
          <span className="catalog-star-input__value" aria-hidden="true">
            {rating ? STAR_LABELS[rating - 1] : 'Bitte wählen'}
          </span>
        </fieldset>
        {errors.rating && (
          <p id={`${id}-rating-error`} className="shop-field__error" role="alert">
            {errors.rating}
          </p>
        )}
      </div>
      <div className="shop-field">
        <label htmlFor={`${id}-text`}>Ihre Erfahrung mit dem Produkt</label>
        <p id={`${id}-text-hint`} className="shop-field__hint">
          Geschmack, Zugverhalten, Akku: was anderen bei der Auswahl hilft. Bitte keine Namen, Adressen oder Telefonnummern.
        </p>
        <textarea
          id={`${id}-text`}
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={describedBy('text', true)}
        />
        <p className="shop-field__hint" aria-live="polite">
          {text.length} / {REVIEW_TEXT_MAX} Zeichen
        </p>
        {errors.text && (
          <p id={`${id}-text-error`} className="shop-field__error" role="alert">
            {errors.text}
          </p>
        )}
      </div>
      <div className="shop-field">
        <label htmlFor={`${id}-displayName`}>Angezeigter Name</label>
        <p id={`${id}-displayName-hint`} className="shop-field__hint">
          Erscheint mit Ihrer Bewertung, zum Beispiel Ihr Vorname und der erste Buchstabe Ihres Nachnamens.
        </p>
        <input
          id={`${id}-displayName`}
          autoComplete="nickname"
          maxLength={REVIEW_NAME_MAX}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          aria-invalid={errors.displayName ? true : undefined}
          aria-describedby={describedBy('displayName', true)}
        />
        {errors.displayName && (
          <p id={`${id}-displayName-error`} className="shop-field__error" role="alert">
            {errors.displayName}
          </p>
        )}
      </div>
      {failure && (
        <Notice tone="warning" role="alert">
          {failure}
        </Notice>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Wird gesendet…' : 'Bewertung absenden'}
      </Button>
    </ClientForm>
  );
}
