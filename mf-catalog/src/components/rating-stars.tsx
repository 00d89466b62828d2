import { formatRating } from '@shop/format';

/**
 * Stars of a rating from verified buyers (spec §2 rating display): five stars filled to
 * `value` (1–5; fractions drawn partly) with the German reading for screen readers ('4,3 von 5
 * Sternen') and, when `count` is given, the average and number of reviews beside them. Only for
 * real, approved reviews: a product without any shows none.
 */
export function RatingStars({ value, count, size = 'small' }: { value: number; count?: number; size?: 'small' | 'large' }) {
  return (
    <span className={`catalog-rating catalog-rating--${size}`}>
      <span className="catalog-rating__stars" role="img" aria-label={`${formatRating(value)} von 5 Sternen`}>
        <span className="catalog-rating__fill" style={{ width: `${(Math.min(5, Math.max(0, value)) / 5) * 100}%` }} />
      </span>
      {count !== undefined && (
        <span className="catalog-rating__count">
          {formatRating(value)} ({count} {count === 1 ? 'Bewertung' : 'Bewertungen'})
        </span>
      )}
    </span>
  );
}
