import { Link } from 'react-router-dom';

/**
 * Header cart button. Until the cart slice exists there is no cart to count or open, so it is
 * a plain link to the cart page (which says it is being built); no badge is shown.
 */
export default function CartButton() {
  return (
    <Link to="/warenkorb" className="icon-button" aria-label="Warenkorb">
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="9" cy="21" r="1" />
        <circle cx="20" cy="21" r="1" />
        <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
      </svg>
    </Link>
  );
}
