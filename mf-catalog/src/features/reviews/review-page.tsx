import { Link, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText, isUnauthenticated } from '@shop/api-client';
import { ReviewToken, type ReviewableProduct, type ReviewOrderRef } from '@shop/contracts';
import { buttonClass, Notice, Spinner } from '@shop/ui';
import { showToast, useReviewsEnabled, useSeo } from '@shop/shell-api';
import { reviewsApi } from '../../api/reviews-api';
import { ProductImage } from '../../components/product-image';
import { ReviewForm } from './review-form';
import { REVIEW_CHECK_NOTICE } from '../../lib/review-texts';

const STATUS_TEXTS = {
  pending: 'Danke! Ihre Bewertung wird geprüft und dann veröffentlicht.',
  approved: 'Ihre Bewertung ist veröffentlicht. Danke!',
  rejected: 'Ihre Bewertung wurde nicht veröffentlicht, weil sie unseren Regeln nicht entspricht.',
} as const;

/** The order the address names: `token` from the invitation e-mail, or `bestellung` (an own order id, logged in). */
function orderRefOf(search: URLSearchParams): ReviewOrderRef | null {
  const token = ReviewToken.safeParse(search.get('token') ?? '');
  if (token.success) return { token: token.data };
  const orderId = search.get('bestellung') ?? '';
  return /^[0-9a-f]{24}$/i.test(orderId) ? { orderId } : null;
}

function ReviewableItem({ order, product, onSubmitted }: { order: ReviewOrderRef; product: ReviewableProduct; onSubmitted: () => void }) {
  return (
    <li className="catalog-reviewable">
      <div className="catalog-reviewable__product">
        <ProductImage src={product.image ?? undefined} alt="" size={80} sizes="80px" />
        <h2>{product.name}</h2>
      </div>
      {product.review ? (
        <Notice tone={product.review.status === 'rejected' ? 'warning' : 'info'} role="status">
          {STATUS_TEXTS[product.review.status]}
        </Notice>
      ) : (
        <ReviewForm order={order} productId={product.productId} productName={product.name} onSubmitted={onSubmitted} />
      )}
    </li>
  );
}

/**
 * /bewertung: the review form for each bought product of a delivered order, opened
 * with the invitation's `?token=` or, logged in, from the order page (`?bestellung=<id>`). One
 * review per product; each is published after staff checked it. Personal: never rendered on the
 * server, never indexed.
 */
export function ReviewPage() {
  useSeo({ title: 'Produkte bewerten', robots: 'noindex, nofollow' });
  const enabled = useReviewsEnabled();
  const [search] = useSearchParams();
  const ref = orderRefOf(search);
  const queryClient = useQueryClient();
  const queryKey = ['review-order', ref] as const;
  const query = useQuery({ queryKey, queryFn: () => reviewsApi.order(ref!), enabled: enabled && ref !== null, retry: false });

  const submitted = () => {
    showToast({ title: 'Bewertung gesendet', description: STATUS_TEXTS.pending, variant: 'success' });
    void queryClient.invalidateQueries({ queryKey });
  };

  let body;
  if (!enabled) body = <p>Bewertungen sind in diesem Shop derzeit nicht eingeschaltet.</p>;
  else if (!ref)
    body = (
      <p>
        Bitte öffnen Sie den Link aus Ihrer Einladung zur Bewertung, oder wählen Sie in Ihrem Kundenkonto unter{' '}
        <Link to="/bestellungen">Meine Bestellungen</Link> eine zugestellte Bestellung.
      </p>
    );
  else if (query.isPending) body = <Spinner label="Ihre Bestellung wird geladen…" />;
  else if (query.isError) {
    const error = query.error;
    const login = isUnauthenticated(error);
    body = (
      <>
        <Notice tone="warning" role="alert">
          {errorText(error, 'Ihre Bestellung konnte gerade nicht geladen werden. Bitte versuchen Sie es später erneut.')}
        </Notice>
        {login && (
          <Link className={buttonClass('primary')} to={`/anmelden?weiter=${encodeURIComponent(`/bewertung?${search.toString()}`)}`}>
            Anmelden
          </Link>
        )}
      </>
    );
  } else
    body = (
      <>
        <p>
          Bestellung {query.data.orderNumber}: Bewerten Sie jedes gekaufte Produkt mit 1 bis 5 Sternen und ein paar Sätzen. Ihre Bewertung
          erscheint nach unserer Prüfung mit dem Namen, den Sie angeben, auf der Produktseite.
        </p>
        <ul className="catalog-reviewables">
          {query.data.products.map((product) => (
            <ReviewableItem key={product.productId} order={ref} product={product} onSubmitted={submitted} />
          ))}
        </ul>
        <p className="catalog-reviews__notice">{REVIEW_CHECK_NOTICE}</p>
        <p className="catalog-reviews__notice">
          Wie wir Ihre Angaben verarbeiten, steht in der <Link to="/datenschutz">Datenschutzerklärung</Link>.
        </p>
      </>
    );

  return (
    <section className="shop-page catalog-review-page">
      <h1>Produkte bewerten</h1>
      {body}
    </section>
  );
}
