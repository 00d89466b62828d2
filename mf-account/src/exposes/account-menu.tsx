import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { PersonIcon, useDismiss } from '@shop/ui';
import { Link, useNavigate } from 'react-router-dom';
import { clearSession, loadSession, showToast, useSession } from '@shop/shell-api';
import { authApi } from '../api/auth-api';
import { useWishlistHandlers } from '../features/wishlist/wishlist-handlers';
import '../styles/account.css';

/**
 * Header account widget (spec §2 'Header', §6): logged out an icon linking to
 * /anmelden; logged in the first name opening a menu with Mein Profil, Meine Bestellungen (/bestellungen, spec §2),
 * Wunschliste, 'Admin Dashboard' for every role other than customer, and Abmelden
 * ('Erfolgreich abgemeldet' / 'Abmeldung fehlgeschlagen', spec §8). Reads the session once per page,
 * and answers the catalog's wishlist hearts (wishlist-handlers.ts).
 */
export default function AccountMenu() {
  const { status, user } = useSession();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    void loadSession();
  }, []);
  useDismiss(root, open, close);
  useWishlistHandlers();

  if (status !== 'authenticated' || !user) {
    return (
      <Link to="/anmelden" className="shop-icon-button" aria-label="Anmelden">
        <PersonIcon />
      </Link>
    );
  }
  const logout = async () => {
    setOpen(false);
    try {
      await authApi.logout();
      clearSession('signed-out');
      showToast({ title: 'Erfolgreich abgemeldet', variant: 'success' });
      navigate('/');
    } catch {
      showToast({ title: 'Abmeldung fehlgeschlagen', variant: 'destructive' });
    }
  };
  return (
    <div className="account-menu" ref={root}>
      <button
        type="button"
        className="shop-icon-button account-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Kundenkonto von ${user.firstName}`}
        onClick={() => setOpen(!open)}
      >
        <PersonIcon />
        <span className="account-menu__name">{user.firstName}</span>
      </button>
      {open && (
        <ul id={menuId} className="account-menu__list" aria-label="Kundenkonto">
          <li>
            <Link to="/profil" onClick={() => setOpen(false)}>
              Mein Profil
            </Link>
          </li>
          <li>
            <Link to="/bestellungen" onClick={() => setOpen(false)}>
              Meine Bestellungen
            </Link>
          </li>
          <li>
            <Link to="/wunschliste" onClick={() => setOpen(false)}>
              Wunschliste
            </Link>
          </li>
          {user.role !== 'customer' && (
            <li>
              <Link to="/admin" onClick={() => setOpen(false)}>
                Admin Dashboard
              </Link>
            </li>
          )}
          <li>
            <button type="button" className="account-menu__logout" onClick={() => void logout()}>
              Abmelden
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
