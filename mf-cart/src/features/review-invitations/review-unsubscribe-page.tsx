import { Link, useSearchParams } from 'react-router-dom';
import { apiRequest } from '@shop/api-client';
import { cartCallText } from '../../lib/cart-errors';
import { LinkAction } from '@shop/ui';
import { useSeo } from '@shop/shell-api';

/**
 * /bewertung/abmelden?token=: no more review invitations to the address the
 * invitation went to, without login, by a button press (LinkAction).
 */
export function ReviewUnsubscribePage() {
  useSeo({ title: 'Keine Bewertungseinladungen mehr', robots: 'noindex, nofollow' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = async () => {
    try {
      await apiRequest('POST', '/api/review-invitations/unsubscribe', { token });
      return { ok: true, message: 'Erledigt: Sie erhalten von uns keine Einladungen zur Bewertung mehr.' };
    } catch (error) {
      return { ok: false, message: cartCallText(error, 'Das hat nicht geklappt. Bitte versuchen Sie es später erneut.') };
    }
  };
  return (
    <section className="shop-page">
      <h1>Keine Bewertungseinladungen mehr</h1>
      <LinkAction
        intro="Nach der Zustellung einer Bestellung laden wir einmal zur Bewertung der gekauften Produkte ein. Möchten Sie diese E-Mails nicht mehr erhalten? Ein Klick genügt, eine Anmeldung ist nicht nötig."
        buttonLabel="Keine Einladungen mehr"
        run={unsubscribe}
      />
      <p>
        <Link to="/">Zur Startseite</Link>
      </p>
    </section>
  );
}
