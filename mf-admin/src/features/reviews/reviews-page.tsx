import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ReviewStatus } from '@shop/contracts';
import { REVIEW_REPLY_MAX, type AdminReview } from '@shop/contracts/admin';
import { formatDateTime } from '@shop/format';
import { showToast, useSeo } from '@shop/shell-api';
import { buttonClass } from '@shop/ui';
import { reviewsApi } from '../../api/reviews-api';
import { ActionForm, InputError } from '../../components/action-form';
import { Pager } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { reviewsKeys, reviewsQueries } from './reviews-queries';

const PER_PAGE = 20;
const STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Zu prüfen', approved: 'Veröffentlicht', rejected: 'Abgelehnt' };
const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

/** A staff text of a moderation form: trimmed, 3 to REVIEW_REPLY_MAX characters (the service checks the same). */
function staffText(data: FormData, name: string, label: string): string {
  const value = String(data.get(name) ?? '').trim();
  if (value.length < 3) throw new InputError(`${label}: mindestens 3 Zeichen.`);
  return value;
}

function ReviewCard({ review, onChanged }: { review: AdminReview; onChanged: () => void }) {
  const done = (title: string) => {
    showToast({ title, variant: 'success' });
    onChanged();
  };
  return (
    <article className="admin-fieldset admin-review" data-testid="admin-review">
      <h2 className="admin-review__title">
        <span aria-label={`${review.rating} von 5 Sternen`}>{stars(review.rating)}</span> {review.productName}
      </h2>
      <p className="shop-field__hint">
        {review.displayName} · Bestellung {review.orderNumber} · geschrieben am {formatDateTime(new Date(review.createdAt))} ·{' '}
        <strong>{STATUS_LABELS[review.status]}</strong>
        {review.moderatedAt && ` (${formatDateTime(new Date(review.moderatedAt))})`}
      </p>
      <p className="admin-review__text">{review.text}</p>
      {review.rejectionReason && <p>Begründung der Ablehnung (intern): {review.rejectionReason}</p>}
      {review.reply && <p>Öffentliche Antwort: {review.reply.text}</p>}
      <div className="admin-review__actions">
        {review.status !== 'approved' && (
          <ActionForm
            legend="Veröffentlichen"
            submitLabel="Freigeben"
            onSubmit={async () => {
              await reviewsApi.moderate(review.id, { action: 'approve', version: review.version });
              done('Bewertung veröffentlicht');
            }}
          />
        )}
        {review.status !== 'rejected' && (
          <ActionForm
            legend={review.status === 'approved' ? 'Wieder entfernen' : 'Ablehnen'}
            submitLabel="Ablehnen"
            onSubmit={async (data) => {
              await reviewsApi.moderate(review.id, {
                action: 'reject',
                version: review.version,
                reason: staffText(data, 'reason', 'Begründung'),
              });
              done('Bewertung abgelehnt');
            }}
          >
            <label className="shop-field">
              <span>Begründung (intern, nicht öffentlich)</span>
              <input name="reason" maxLength={REVIEW_REPLY_MAX} />
            </label>
          </ActionForm>
        )}
        <ActionForm
          legend="Öffentliche Antwort"
          submitLabel={review.reply ? 'Antwort ändern' : 'Antworten'}
          onSubmit={async (data) => {
            const text = String(data.get('reply') ?? '').trim();
            await reviewsApi.moderate(review.id, {
              action: 'reply',
              version: review.version,
              reply: text === '' ? null : staffText(data, 'reply', 'Antwort'),
            });
            done(text === '' ? 'Antwort entfernt' : 'Antwort gespeichert');
          }}
        >
          <label className="shop-field">
            <span>Antwort des Shops (leer lassen zum Entfernen)</span>
            <textarea name="reply" rows={3} maxLength={REVIEW_REPLY_MAX} defaultValue={review.reply?.text ?? ''} />
          </label>
        </ActionForm>
      </div>
    </article>
  );
}

/**
 * /admin/bewertungen (permission `catalog:write`): reviews from verified buyers by
 * status, newest first. Staff publish them, reject them with an internal reason (also taking a
 * published one down) and answer publicly; every step is saved on the version shown (a
 * concurrent change gets the German 409) and audited by the catalog service.
 */
export function ReviewsPage() {
  useSeo({ title: 'Bewertungen prüfen', robots: 'noindex, nofollow' });
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const query = useQuery(reviewsQueries.list(status, page, PER_PAGE));
  return (
    <section className="shop-page admin-page">
      <h1>Bewertungen prüfen</h1>
      <p className="shop-field__hint">
        Nur Käuferinnen und Käufer einer zugestellten Bestellung können bewerten. Veröffentlichen Sie positive wie negative Bewertungen;
        lehnen Sie nur ab, was keinen Bezug zum Produkt hat, beleidigt oder persönliche Daten enthält. Ob Bewertungen im Shop zu sehen sind,
        steht in den <Link to="/admin/settings">Shop-Einstellungen</Link>.
      </p>
      <div className="admin-tabs" role="group" aria-label="Status">
        {ReviewStatus.options.map((option) => (
          <button
            key={option}
            type="button"
            className={buttonClass(status === option ? 'primary' : 'secondary')}
            aria-pressed={status === option}
            onClick={() => {
              setStatus(option);
              setPage(1);
            }}
          >
            {STATUS_LABELS[option]}
            {option === 'pending' && query.data ? ` (${query.data.pendingCount})` : ''}
          </button>
        ))}
      </div>
      <QueryState query={query} loading="Bewertungen werden geladen…" failed="Die Bewertungen konnten nicht geladen werden.">
        {(data) => (
          <>
            {data.reviews.length === 0 && <p>Keine Bewertungen in diesem Status.</p>}
            {data.reviews.map((review) => (
              <ReviewCard
                key={`${review.id}-${review.version}`}
                review={review}
                onChanged={() => void queryClient.invalidateQueries({ queryKey: reviewsKeys.all })}
              />
            ))}
            <Pager page={page} pages={Math.ceil(data.total / PER_PAGE)} onPage={setPage} />
          </>
        )}
      </QueryState>
    </section>
  );
}
