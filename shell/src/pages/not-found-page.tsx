import { buttonClass } from '@shop/ui';
import { Link } from 'react-router-dom';
import { DEFAULT_CONTINUE_SHOPPING_PATH } from '@shop/contracts';

/** Shown for every path outside the route table (the gateway answers such paths with HTTP 404). */
export function NotFoundPage() {
  return (
    <section className="shop-page shell-not-found" aria-labelledby="not-found-title">
      <p className="shell-not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Seite nicht gefunden</h1>
      <p>Die angeforderte Seite existiert nicht oder wurde verschoben.</p>
      <p className="shell-not-found__actions">
        <Link className={buttonClass('primary')} to="/">
          Zur Startseite
        </Link>
        <Link className={buttonClass('secondary')} to={DEFAULT_CONTINUE_SHOPPING_PATH}>
          Alle Produkte ansehen
        </Link>
      </p>
    </section>
  );
}
