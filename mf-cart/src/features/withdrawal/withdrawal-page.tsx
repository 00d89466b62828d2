import { useState, type FormEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router-dom';
import {
  WITHDRAWAL_FORM_ACTIONS,
  WITHDRAWAL_FORM_STEPS,
  WithdrawalBody,
  type WithdrawalFormState,
  type WithdrawalNavigationState,
  type WithdrawalReceipt,
} from '@shop/contracts';
import type { z } from 'zod';
import { SOLVING_MESSAGE } from '@shop/api-client/proof-of-work';
import { Button, Notice } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { useServerOutcome } from '@shop/shell-api/server-outcome';
import { formatDateTime } from '@shop/format';
import { withdrawalApi, withdrawalFormKey } from '../../api/withdrawal-api';
import { cartCallText } from '../../lib/cart-errors';
import { TextField, fieldErrorsOf } from '@shop/ui/form';

type WithdrawalForm = z.input<typeof WithdrawalBody>;
type Withdrawal = z.output<typeof WithdrawalBody>;

const DEFAULTS: WithdrawalForm = { name: '', orderNumber: '', email: '', items: '' };

function prefillOf(state: unknown): Partial<WithdrawalForm> {
  const prefill = (state as Partial<WithdrawalNavigationState> | null)?.withdrawalPrefill;
  if (!prefill) return {};
  return { name: String(prefill.name ?? ''), orderNumber: String(prefill.orderNumber ?? ''), email: String(prefill.email ?? '') };
}

/**
 * 'Vertrag widerrufen' `/vertrag-widerrufen` (§ 356a BGB, since 19.06.2026; legal-de.md §4.8):
 * always reachable from the footer, no login. Asks only for name, order number and e-mail
 * (items optional), shows what will be sent, and 'Widerruf bestätigen' sends it; the receipt
 * shows date and time and who declared it, and the confirmation goes out by e-mail at once.
 * Opened from an order page, the form comes filled in with that order (`WithdrawalNavigationState`).
 * Forms first (docs/decisions/forms-first.md): both steps are HTML forms the cart service answers
 * (WITHDRAWAL_FORM_ACTIONS) when the JavaScript is off or not there yet; the server then renders
 * this page with the outcome (errors at the fields, the review, the receipt). Once hydrated, the
 * page checks and sends in place.
 */
export function WithdrawalPage() {
  useSeo({ title: 'Vertrag widerrufen', robots: 'noindex, nofollow' });
  const server = useServerOutcome<WithdrawalFormState>(withdrawalFormKey, () => withdrawalApi.formOutcome());
  // The contract's schema checks the form: the German messages the API would answer, at the fields.
  const { state } = useLocation();
  const [serverErrors] = useState(() => (server?.step === 'form' ? fieldErrorsOf<WithdrawalForm>(server.errors) : undefined));
  const [initial] = useState<WithdrawalForm>(() => ({
    ...DEFAULTS,
    ...prefillOf(state),
    ...(server?.step === 'form' || server?.step === 'review' ? server.values : {}),
  }));
  const form = useForm<WithdrawalForm, unknown, Withdrawal>({
    defaultValues: initial,
    errors: serverErrors,
    resolver: zodResolver(WithdrawalBody),
  });
  const [review, setReview] = useState<Withdrawal | null>(server?.step === 'review' ? server.values : null);
  const [receipt, setReceipt] = useState<WithdrawalReceipt | null>(server?.receipt ?? null);
  const [sending, setSending] = useState(false);
  // The browser proves its work to the service's per-IP backstop (withChallenge of @shop/api-client/proof-of-work).
  const [solving, setSolving] = useState(false);
  const [error, setError] = useState<string | null>(server?.errors.form ?? null);

  const check = form.handleSubmit((values) => setReview(values));
  /** The review's two buttons, once hydrated: back to the entries, or send. */
  const decide = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === WITHDRAWAL_FORM_STEPS.edit) setReview(null);
    else void confirm();
  };

  const confirm = async () => {
    if (!review) return;
    setSending(true);
    setError(null);
    try {
      setReceipt(await withdrawalApi.declare(review, setSolving));
    } catch (failure) {
      setError(cartCallText(failure, 'Der Widerruf konnte nicht gesendet werden. Bitte versuchen Sie es erneut.'));
    } finally {
      setSending(false);
    }
  };

  if (receipt) {
    return (
      <section className="shop-page cart-withdrawal-page" aria-live="polite">
        <h1>Widerruf eingegangen</h1>
        <p data-testid="withdrawal-receipt">
          Ihr Widerruf zur Bestellung <strong>{receipt.orderNumber}</strong> ist am {formatDateTime(new Date(receipt.receivedAt))} bei uns
          eingegangen.
        </p>
        {receipt.name !== undefined && (
          <p data-testid="withdrawal-declared-by">
            Erklärt von: <strong>{receipt.name}</strong>
          </p>
        )}
        <p>
          Eine Eingangsbestätigung haben wir an <strong>{receipt.email}</strong> gesendet. Wie Sie die Ware zurücksenden, steht in unserer{' '}
          <Link to="/widerrufsbelehrung">Widerrufsbelehrung</Link>.
        </p>
      </section>
    );
  }
  return (
    <section className="shop-page cart-withdrawal-page">
      <h1>Vertrag widerrufen</h1>
      <p>
        Hier können Sie Ihre Bestellung ganz oder teilweise widerrufen – ohne Anmeldung. Wir brauchen nur Ihren Namen, die Bestellnummer aus
        der Bestellbestätigung und die E-Mail-Adresse, mit der Sie bestellt haben.
      </p>
      {review ? (
        <form className="cart-withdrawal-review" method="post" action={WITHDRAWAL_FORM_ACTIONS.declare} onSubmit={decide}>
          {(['name', 'orderNumber', 'email', 'items'] as const).map((field) => (
            <input key={field} type="hidden" name={field} value={review[field] ?? ''} />
          ))}
          <h2>Bitte prüfen Sie Ihren Widerruf</h2>
          <dl className="cart-bank-details">
            <div>
              <dt>Name</dt>
              <dd>{review.name}</dd>
            </div>
            <div>
              <dt>Bestellnummer</dt>
              <dd>{review.orderNumber}</dd>
            </div>
            <div>
              <dt>E-Mail-Adresse</dt>
              <dd>{review.email}</dd>
            </div>
            <div>
              <dt>Widerrufen für</dt>
              <dd>{review.items || 'die gesamte Bestellung'}</dd>
            </div>
          </dl>
          {solving && <p role="status">{SOLVING_MESSAGE}</p>}
          {error && (
            <Notice tone="warning" role="alert">
              {error}
            </Notice>
          )}
          <div className="cart-withdrawal-review__actions">
            <Button type="submit" name="schritt" value={WITHDRAWAL_FORM_STEPS.edit} variant="secondary" disabled={sending}>
              Angaben ändern
            </Button>
            <Button type="submit" name="schritt" value={WITHDRAWAL_FORM_STEPS.confirm} disabled={sending} aria-busy={sending}>
              {sending ? 'Wird gesendet…' : 'Widerruf bestätigen'}
            </Button>
          </div>
        </form>
      ) : (
        <FormProvider {...form}>
          <form
            className="cart-withdrawal-form"
            method="post"
            action={WITHDRAWAL_FORM_ACTIONS.declare}
            noValidate
            onSubmit={(event) => void check(event)}
          >
            <TextField<WithdrawalForm> name="name" label="Ihr Name" defaultValue={initial.name} autoComplete="name" required />
            <TextField<WithdrawalForm>
              name="orderNumber"
              label="Bestellnummer"
              defaultValue={initial.orderNumber}
              hint="Steht in Ihrer Bestellbestätigung, z. B. RT-2026-K7M2QX9P."
              autoComplete="off"
              required
            />
            <TextField<WithdrawalForm>
              name="email"
              label="E-Mail-Adresse der Bestellung"
              defaultValue={initial.email}
              type="email"
              autoComplete="email"
              required
            />
            <TextField<WithdrawalForm>
              name="items"
              label="Nur bestimmte Artikel widerrufen (optional)"
              defaultValue={initial.items}
              hint="Leer lassen, um die gesamte Bestellung zu widerrufen."
              multiline
            />
            <Button type="submit" name="schritt" value={WITHDRAWAL_FORM_STEPS.check}>
              Weiter
            </Button>
          </form>
        </FormProvider>
      )}
    </section>
  );
}
