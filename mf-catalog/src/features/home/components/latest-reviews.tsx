import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { catalogQueries } from '../../../api/catalog-queries';
import { ReviewItem } from '../../../components/review-item';
import { REVIEW_CHECK_NOTICE } from '../../../lib/review-texts';

/**
 * The home page's testimonials (spec §2), from approved reviews of verified buyers only: the
 * newest three, whatever their stars. Nothing when there are none; shown only while
 * reviews are switched on and in the marketing presentation (the home page decides).
 */
export function LatestReviews() {
  const { data } = useQuery(catalogQueries.latestReviews());
  if (!data?.reviews.length) return null;
  return (
    <section className="catalog-latest-reviews shop-container" aria-labelledby="latest-reviews-title">
      <h2 id="latest-reviews-title">Neueste Kundenbewertungen</h2>
      <ul className="catalog-reviews__list catalog-latest-reviews__list">
        {data.reviews.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} productLink={<Link to={review.productPath}>{review.productName}</Link>} />
          </li>
        ))}
      </ul>
      <p className="catalog-reviews__notice">{REVIEW_CHECK_NOTICE}</p>
    </section>
  );
}
