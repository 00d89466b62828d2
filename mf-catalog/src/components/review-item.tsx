import type { ReactNode } from 'react';
import type { PublicReview } from '@shop/contracts';
import { formatDate } from '@shop/format';
import { RatingStars } from './rating-stars';
import { VERIFIED_PURCHASE } from '../lib/review-texts';

/** One approved review: stars, name, date, 'Verifizierter Kauf', the text and the shop's answer. */
/** `productLink`: the reviewed product, where the list mixes products (home page). */
export function ReviewItem({ review, productLink }: { review: PublicReview; productLink?: ReactNode }) {
  return (
    <article className="catalog-review" data-testid="review">
      <header className="catalog-review__header">
        <RatingStars value={review.rating} />
        <span className="catalog-review__name">{review.displayName}</span>
        <span className="catalog-review__verified">{VERIFIED_PURCHASE}</span>
        <time className="catalog-review__date" dateTime={review.createdAt}>
          {formatDate(new Date(review.createdAt))}
        </time>
      </header>
      {productLink && <p className="catalog-review__product">{productLink}</p>}
      <p className="catalog-review__text">{review.text}</p>
      {review.reply && (
        <div className="catalog-review__reply">
          <p className="catalog-review__reply-title">Antwort des Shops</p>
          <p>{review.reply.text}</p>
        </div>
      )}
    </article>
  );
}
