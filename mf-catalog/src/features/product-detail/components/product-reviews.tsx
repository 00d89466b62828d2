import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/contracts';
import { Button } from '@shop/ui';
import { catalogQueries, REVIEWS_PER_PAGE } from '../../../api/catalog-queries';
import { RatingStars } from '../../../components/rating-stars';
import { ReviewItem } from '../../../components/review-item';
import { REVIEW_CHECK_NOTICE } from '../../../lib/review-texts';

/**
 * The reviews section of a product page (only while reviews are switched on): the
 * rating, how reviews are checked (§ 5b Abs. 3 UWG), the approved reviews newest first, five at
 * a time. Rendered on the server with the page (the prefetch reads the first five).
 */
export function ProductReviews({ product }: { product: Product }) {
  const [count, setCount] = useState(REVIEWS_PER_PAGE);
  const { data, isError, isFetching } = useQuery(catalogQueries.productReviews(product.id, count));
  const rating = data?.rating ?? product.rating;
  return (
    <section className="catalog-reviews" id="bewertungen" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Kundenbewertungen</h2>
      {rating ? (
        <p className="catalog-reviews__summary">
          <RatingStars value={rating.average} count={rating.count} size="large" />
        </p>
      ) : (
        <p>Zu diesem Produkt gibt es noch keine Bewertungen.</p>
      )}
      <p className="catalog-reviews__notice" data-testid="review-check-notice">
        {REVIEW_CHECK_NOTICE}
      </p>
      {isError && <p role="alert">Die Bewertungen konnten gerade nicht geladen werden.</p>}
      {data && data.reviews.length > 0 && (
        <ul className="catalog-reviews__list">
          {data.reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} />
            </li>
          ))}
        </ul>
      )}
      {data && data.total > data.reviews.length && (
        <Button variant="secondary" disabled={isFetching} onClick={() => setCount((shown) => shown + REVIEWS_PER_PAGE)}>
          {isFetching ? 'Wird geladen…' : `Weitere Bewertungen anzeigen (${data.total - data.reviews.length})`}
        </Button>
      )}
    </section>
  );
}
