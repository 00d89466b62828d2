import { Link } from 'react-router-dom';

/** Header account menu. Logged out (the only state until the account slice exists): an icon linking to /anmelden (spec §2 'Header'). */
export default function AccountMenu() {
  return (
    <Link to="/anmelden" className="shop-icon-button" aria-label="Anmelden">
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" />
      </svg>
    </Link>
  );
}
