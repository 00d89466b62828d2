import { buttonClass } from '@shop/ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { CategoryChips } from './category-chips';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/randm-tornado-vape-alle-produkte', label: 'Alle Produkte' },
  { to: '/kategorien', label: 'Kategorien' },
  { to: '/randm-tornado-vape-blog', label: 'Blog' },
  { to: '/kontakt', label: 'Kontakt' },
];

/**
 * Mobile drawer (spec §2 'Header'): links, category chips, login and register links.
 * A modal <dialog>: focus stays inside, Escape and the close button close it.
 */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} id="mobile-drawer" className="shell-mobile-drawer" aria-label="Menü" onClose={onClose}>
      <div className="shell-mobile-drawer__header">
        <strong>Menü</strong>
        <button type="button" className="shop-icon-button" aria-label="Menü schließen" onClick={onClose}>
          ×
        </button>
      </div>
      <nav aria-label="Mobile Navigation">
        <ul className="shell-mobile-drawer__links">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={onClose}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="shell-mobile-drawer__heading">Kategorien</h2>
      <CategoryChips onNavigate={onClose} />
      <div className="shell-mobile-drawer__account">
        <Link className={buttonClass('primary')} to="/anmelden" onClick={onClose}>
          Anmelden
        </Link>
        <Link className={buttonClass('secondary')} to="/registrieren" onClick={onClose}>
          Registrieren
        </Link>
      </div>
    </dialog>
  );
}
