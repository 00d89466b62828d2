import { useState } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { errorText, isInvalid } from '@shop/api-client';
import { REVIEW_NAME_MAX, REVIEW_TEXT_MAX, ReviewSubmission, type ReviewOrderRef } from '@shop/contracts';
import { Button, ClientForm, Notice } from '@shop/ui';
import { applyServerIssues, FormField, TextField } from '@shop/ui/form';
import { reviewsApi } from '../../api/reviews-api';

const STAR_LABELS = ['1 Stern – schlecht', '2 Sterne', '3 Sterne', '4 Sterne', '5 Sterne – sehr gut'];

/** The API's field names for the service's 400 issues (all the same as the form's). */
const SERVER_FIELDS = { rating: 'rating', text: 'text', displayName: 'displayName' } as const;

/**
 * The review form of one bought product: stars 1–5 as a radio group, the text and the name shown
 * with it, checked in the browser with the contract the catalog checks (ReviewSubmission through
 * react-hook-form: German errors at the fields, focus on the first), then submitted; the service's
 * field errors land at the same fields. `onSubmitted` after the 201.
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
  // No stars until chosen: `rating` starts undefined (the contract then answers 'Bitte vergeben Sie 1 bis 5 Sterne.').
  const form = useForm<ReviewSubmission>({
    defaultValues: { order, productId, rating: undefined, text: '', displayName: '' },
    resolver: zodResolver(ReviewSubmission),
  });
  const [failure, setFailure] = useState<string | null>(null);
  // Radio values are strings, the contract's stars a number: the group is one controlled field.
  const { field: stars } = useController({ control: form.control, name: 'rating' });
  const rating = stars.value as number | undefined;
  const textLength = form.watch('text').length;
  const ratingError = form.formState.errors.rating?.message;

  const submit = form.handleSubmit(async (review) => {
    setFailure(null);
    try {
      await reviewsApi.submit(review);
      onSubmitted();
    } catch (error) {
      if (isInvalid(error) && applyServerIssues(form, error, SERVER_FIELDS)) return;
      setFailure(errorText(error, 'Die Bewertung konnte gerade nicht gesendet werden. Bitte versuchen Sie es erneut.'));
    }
  });

  return (
    <FormProvider {...form}>
      <ClientForm
        className="catalog-review-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={`Bewertung für ${productName}`}
      >
        <div className="shop-field">
          <fieldset className="catalog-star-input" aria-invalid={ratingError ? true : undefined}>
            <legend>Ihre Sterne</legend>
            {STAR_LABELS.map((label, index) => (
              <label key={label} className="catalog-star-input__option">
                <input
                  type="radio"
                  name={stars.name}
                  value={index + 1}
                  checked={rating === index + 1}
                  onChange={() => stars.onChange(index + 1)}
                  onBlur={stars.onBlur}
                  ref={index === 0 ? stars.ref : undefined}
                />
                <span aria-hidden="true" className={rating !== undefined && index < rating ? 'catalog-star-input__star--on' : undefined}>
                  ★
                </span>
                <span className="shop-visually-hidden">{label}</span>
              </label>
            ))}
            <span className="catalog-star-input__value" aria-hidden="true">
              {rating ? STAR_LABELS[rating - 1] : 'Bitte wählen'}
            </span>
          </fieldset>
          {ratingError && (
            <p className="shop-field__error" role="alert">
              {ratingError}
            </p>
          )}
        </div>
        <FormField
          label="Ihre Erfahrung mit dem Produkt"
          hint="Geschmack, Zugverhalten, Akku: was anderen bei der Auswahl hilft. Bitte keine Namen, Adressen oder Telefonnummern."
          error={form.formState.errors.text?.message}
        >
          {(control) => (
            <>
              <textarea rows={5} maxLength={REVIEW_TEXT_MAX} {...control} {...form.register('text')} />
              <p className="shop-field__hint" aria-live="polite">
                {textLength} / {REVIEW_TEXT_MAX} Zeichen
              </p>
            </>
          )}
        </FormField>
        <TextField<ReviewSubmission>
          name="displayName"
          label="Angezeigter Name"
          hint="Erscheint mit Ihrer Bewertung, zum Beispiel Ihr Vorname und der erste Buchstabe Ihres Nachnamens."
          autoComplete="nickname"
          maxLength={REVIEW_NAME_MAX}
        />
        {failure && (
          <Notice tone="warning" role="alert">
            {failure}
          </Notice>
        )}
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Wird gesendet…' : 'Bewertung absenden'}
        </Button>
      </ClientForm>
    </FormProvider>
  );
}
