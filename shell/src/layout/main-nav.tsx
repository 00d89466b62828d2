import { NavLink } from 'react-router-dom';
import { useFactualMode } from '@shop/shell-api';
import { CategoriesDropdown } from './categories-dropdown';

/**
 * Main navigation of spec §2 'Header': Home, Alle Produkte (SALE tag, not in the factual
 * presentation mode: § 19 TabakerzG), Blog, Kontakt, Kategorien.
 */
export function MainNav() {
  const factual = useFactualMode();
  return (
    <nav aria-label="Hauptnavigation" className="shell-main-nav">
      <ul className="shell-main-nav__list">
        <li>
          <NavLink to="/" end className="shell-main-nav__link">
            Home
          </NavLink>
        </li>
        <li>
          <NavLink to="/randm-tornado-vape-alle-produkte" className="shell-main-nav__link">
            Alle Produkte
            {!factual && (
              <>
                {' '}
                <span className="shell-sale-tag">SALE</span>
              </>
            )}
          </NavLink>
        </li>
        <li>
          <NavLink to="/randm-tornado-vape-blog" className="shell-main-nav__link">
            Blog
          </NavLink>
        </li>
        <li>
          <NavLink to="/kontakt" className="shell-main-nav__link">
            Kontakt
          </NavLink>
        </li>
        <li>
          <CategoriesDropdown />
        </li>
      </ul>
    </nav>
  );
}
