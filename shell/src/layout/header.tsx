import { useState } from 'react';
import { HEADER_WIDGETS } from '@shop/routes';
import { RemoteSlot } from '../federation/remote-component';
import { Logo } from './logo';
import { MainNav } from './main-nav';
import { MobileDrawer } from './mobile-drawer';

/**
 * Header of spec §2: free-shipping strip, logo, search box (catalog widget; below the header
 * on narrow screens), account menu (account widget), cart button with badge (cart widget),
 * main navigation and the mobile drawer. On phones it takes two rows (menu, logo, account,
 * cart; then the search box) below a one-line strip, and the navigation lives in the drawer.
 */
const [search, account, cart] = HEADER_WIDGETS;

export function Header() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header className="shell-site-header">
      <p className="shell-top-strip">
        Kostenloser Versand ab 4 Produkten
        <span className="shell-top-strip__more"> · Versand innerhalb von 24 Stunden nach Zahlungseingang</span>
      </p>
      <div className="shop-container shell-site-header__bar">
        <button
          type="button"
          className="shop-icon-button shell-site-header__menu"
          aria-label="Menü öffnen"
          aria-expanded={drawerOpen}
          aria-controls="mobile-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          ☰
        </button>
        <Logo to="/" label="RandM Tornado Shop – Startseite" word="Tornado" />
        <div className="shell-site-header__search" data-testid="slot-search">
          <RemoteSlot remote={search.remote} exposed={search.exposed} personal={search.personal} />
        </div>
        <div className="shell-site-header__actions">
          <div data-testid="slot-account">
            <RemoteSlot remote={account.remote} exposed={account.exposed} personal={account.personal} />
          </div>
          <div data-testid="slot-cart">
            <RemoteSlot remote={cart.remote} exposed={cart.exposed} personal={cart.personal} />
          </div>
        </div>
      </div>
      <div className="shop-container">
        <MainNav />
      </div>
      <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </header>
  );
}
