import { Link } from 'react-router-dom';
import { HEADER_WIDGETS } from '@shop/routes';
import { RemoteSlot } from '../federation/remote-component';
import { Logo } from './logo';

const account = HEADER_WIDGETS.find((widget) => widget.remote === 'account')!;

/**
 * The back office's frame (/admin…): the shop's name with 'Backoffice', a way back to the shop
 * and the account menu (log out). None of the storefront's chrome: no shipping strip, search,
 * cart, category navigation or SALE tag, which mean nothing to staff at work.
 */
export function StaffHeader() {
  return (
    <header className="shell-site-header shell-staff-header">
      <div className="shop-container shell-site-header__bar">
        <Logo to="/admin" label="Backoffice – Übersicht" word="Backoffice" />
        <div className="shell-site-header__actions">
          <Link to="/" className="shell-staff-header__shop">
            Zum Shop
          </Link>
          <div data-testid="slot-account">
            <RemoteSlot remote={account.remote} exposed={account.exposed} personal />
          </div>
        </div>
      </div>
    </header>
  );
}

/** The back office's footer: one line, no newsletter, no shop links. */
export function StaffFooter() {
  return (
    <footer className="shell-staff-footer">
      <p className="shop-container">Backoffice · Änderungen werden im Audit-Log festgehalten.</p>
    </footer>
  );
}
