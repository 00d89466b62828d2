import { buttonClass, useHydrated } from '@shop/ui';
import { useSession } from '@shop/shell-api';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { CategoryChips } from './category-chips';

/** The drawer's id: the target of the header's menu link. */
export const DRAWER_ID = 'mobile-drawer';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/randm-tornado-vape-alle-produkte', label: 'Alle Produkte' },
  { to: '/kategorien', label: 'Kategorien' },
  { to: '/randm-tornado-vape-blog', label: 'Blog' },
  { to: '/kontakt', label: 'Kontakt' },
];

/**
 * Mobile drawer (spec §2 'Header'): links, category chips, login and register links, or for a
 * logged-in customer the account's pages (spec §6, as the account menu lists them).
 * A modal <dialog>: focus stays inside, Escape and the close button close it. Without JavaScript
 * it is the target of the header's menu link (shown by CSS) and its close button a link away.
 */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    // Opened by its link before hydration: leaving the target hides it.
    if (window.location.hash === `#${DRAWER_ID}`)
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    onClose();
  };

  return (
    <dialog ref={ref} id={DRAWER_ID} className="shell-mobile-drawer" aria-label="Menü" onClose={close}>
      <div className="shell-mobile-drawer__header">
        <strong>Menü</strong>
        <a
          href="#"
          role="button"
          className="shop-icon-button"
          aria-label="Menü schließen"
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
          onKeyDown={(event) => {
            if (event.key !== ' ') return;
            event.preventDefault();
            close();
          }}
        >
          ×
        </a>
      </div>
      <nav aria-label="Mobile Navigation">
        <ul className="shell-mobile-drawer__links">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={close}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="shell-mobile-drawer__heading">Kategorien</h2>
      <CategoryChips onNavigate={close} />
      <DrawerAccount onNavigate={close} />
    </dialog>
  );
}

/**
 * Login and registration, or the logged-in customer's pages. The session is the visitor's own:
 * the server and the hydrating browser render the logged-out links (nothing personal in
 * shareable HTML), the session's links follow right after.
 */
function DrawerAccount({ onNavigate }: { onNavigate: () => void }) {
  const hydrated = useHydrated();
  const { user } = useSession();
  if (hydrated && user) {
    return (
      <nav className="shell-mobile-drawer__account" aria-label="Kundenkonto">
        <ul className="shell-mobile-drawer__links">
          <li>
            <Link to="/profil" onClick={onNavigate}>
              Mein Profil
            </Link>
          </li>
          <li>
            <Link to="/bestellungen" onClick={onNavigate}>
              Meine Bestellungen
            </Link>
          </li>
          <li>
            <Link to="/wunschliste" onClick={onNavigate}>
              Wunschliste
            </Link>
          </li>
          {user.role !== 'customer' && (
            <li>
              <Link to="/admin" onClick={onNavigate}>
                Admin Dashboard
              </Link>
            </li>
          )}
        </ul>
      </nav>
    );
  }
  return (
    <div className="shell-mobile-drawer__account">
      <Link className={buttonClass('primary')} to="/anmelden" onClick={onNavigate}>
        Anmelden
      </Link>
      <Link className={buttonClass('secondary')} to="/registrieren" onClick={onNavigate}>
        Registrieren
      </Link>
    </div>
  );
}
