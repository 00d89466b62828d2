import { Link } from 'react-router-dom';

/** The shop's mark and name, as a link: 'RandM Tornado' to the home page, 'RandM Backoffice' to the back office. */
export function Logo({ to, label, word }: { to: string; label: string; word: string }) {
  return (
    <Link to={to} className="shell-logo" aria-label={label}>
      <span className="shell-logo__mark" aria-hidden="true">
        R
      </span>
      <span className="shell-logo__text">
        RandM <strong>{word}</strong>
      </span>
    </Link>
  );
}
