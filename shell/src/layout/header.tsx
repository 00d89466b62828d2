import { useState, type MouseEvent, type KeyboardEvent } from 'react';
import { HEADER_WIDGETS } from '@shop/routes';
import { CartIcon, PersonIcon } from '@shop/ui';
import { HeaderSearch } from './header-search';
import { Logo } from './logo';
import { MainNav } from './main-nav';
import { DRAWER_ID, MobileDrawer } from './mobile-drawer';
import { PersonalWidget } from './personal-widget';
import { TopStrip } from './top-strip';

/**
 * Header of spec §2: free-shipping strip, logo, search box (the catalog's, loaded on first intent:
 * HeaderSearch; below the header on narrow screens), account menu (account widget), cart button with badge (cart widget),
 * main navigation and the mobile drawer. On phones it takes two rows (menu, logo, account,
 * cart; then the search box) below a one-line strip, and the navigation lives in the drawer.
 *
 * Without JavaScript (and before hydration) it works as links (docs/decisions/forms-first.md):
 * ☰ links to the drawer, which CSS shows as the link's target; the account and cart slots, whose
 * widgets render in the browser only, are links to the login and the server-rendered cart page
 * (marked `data-slot-fallback` while they stand in for the widget: PersonalWidget). A tap on the
 * cart link once hydrated opens the side cart, loading the widget first if needed.
 */
const [account, cart] = HEADER_WIDGETS;

export function Header() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Once hydrated the link opens the modal drawer in the page instead (Space too, as on a button).
  const openDrawer = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    setDrawerOpen(true);
  };
  return (
    <header className="shell-site-header">
      <TopStrip />
      <div className="shop-container shell-site-header__bar">
        <a
          href={`#${DRAWER_ID}`}
          role="button"
          className="shop-icon-button shell-site-header__menu"
          aria-label="Menü öffnen"
          aria-expanded={drawerOpen}
          aria-controls={DRAWER_ID}
          onClick={openDrawer}
          onKeyDown={(event) => event.key === ' ' && openDrawer(event)}
        >
          ☰
        </a>
        <Logo to="/" label="RandM Tornado Shop – Startseite" word="Tornado" />
        <HeaderSearch />
        <div className="shell-site-header__actions">
          <PersonalWidget widget={account} link={{ to: '/anmelden', label: 'Anmelden', icon: <PersonIcon /> }} />
          <PersonalWidget
            widget={cart}
            link={{ to: '/warenkorb', label: 'Warenkorb', icon: <CartIcon />, testId: 'cart-link', takesTap: true }}
          />
        </div>
      </div>
      <div className="shop-container">
        <MainNav />
      </div>
      <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </header>
  );
}
