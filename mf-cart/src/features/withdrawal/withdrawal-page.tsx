import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router-dom';
import { WithdrawalBody, type WithdrawalNavigationState, type WithdrawalReceipt } from '@shop/contracts';
import type { z } from 'zod';
import { ApiError } from '@shop/api-client';
import { Button, Notice, ClientForm } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { formatDateTime } from '@shop/format';
import { withdrawalApi } from '../../api/withdrawal-api';
import { TextField } from '@shop/ui/form';
import '../../styles/checkout.css';

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
 * shows date and time, and the confirmation goes out by e-mail at once. Opened from an order page,
 * the form comes filled in with that order (`WithdrawalNavigationState`).
 */
export function WithdrawalPage() {
  useSeo({ title: 'Vertrag widerrufen', robots: 'noindex, nofollow' });
  // The contract's schema checks the form: the German messages the API would answer, at the fields.
  const { state } = useLocation();
  const form = useForm<WithdrawalForm, unknown, Withdrawal>({
    defaultValues: { ...DEFAULTS, ...prefillOf(state) },
    resolver: zodResolver(WithdrawalBody),
  });
  const [review, setReview] = useState<Withdrawal | null>(null);
  const [receipt, setReceipt] = useState<WithdrawalReceipt | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const check = form.handleSubmit((values) => setReview(values));

  const confirm = async () => {
    if (!review) return;
    setSending(true);
    setError(null);
    try {
      setReceipt(await withdrawalApi.declare(review));
    } catch (failure) {
      setError(
        failure instanceof ApiError ? failure.serverMessage : 'Der Widerruf konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
      );
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
        <div className="cart-withdrawal-review">
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
          {error && (
            <Notice tone="warning" role="alert">
              {error}
            </Notice>
          )}
          <div className="cart-withdrawal-review__actions">
            <Button variant="secondary" onClick={() => setReview(null)} disabled={sending}>
              Angaben ändern
            </Button>
            <Button onClick={() => void confirm()} disabled={sending} aria-busy={sending}>
              {sending ? 'Wird gesendet…' : 'Widerruf bestätigen'}
            </Button>
          </div>
        </div>
      ) : (
        <FormProvider {...form}>
          <ClientForm className="cart-withdrawal-form" noValidate onSubmit={(event) => void check(event)}>
            <TextField<WithdrawalForm> name="name" label="Ihr Name" autoComplete="name" required />
            <TextField<WithdrawalForm>
              name="orderNumber"
              label="Bestellnummer"
              hint="Steht in Ihrer Bestellbestätigung, z. B. RT-2026-K7M2QX9P."
              autoComplete="off"
              required
            />
            <TextField<WithdrawalForm> name="email" label="E-Mail-Adresse der Bestellung" type="email" autoComplete="email" required />
            <TextField<WithdrawalForm>
              name="items"
              label="Nur bestimmte Artikel widerrufen (optional)"
              hint="Leer lassen, um die gesamte Bestellung zu widerrufen."
              multiline
            />
            <Button type="submit">Weiter</Button>
          </ClientForm>
        </FormProvider>
      )}
    </section>
  );
}
