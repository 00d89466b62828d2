import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '@shop/ui';
import { Link, useLocation } from 'react-router-dom';
import { CategoryChips } from './category-chips';

/** 'Kategorien' disclosure in the main nav: category chips plus a link to all products (spec §2 'Header'). */
export function CategoriesDropdown() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);

  return (
    <div className="shell-categories-dropdown" ref={rootRef}>
      <button
        type="button"
        className="shell-main-nav__link shell-main-nav__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        Kategorien <span aria-hidden="true">▾</span>
      </button>
      <div id={panelId} className="shell-categories-dropdown__panel" hidden={!open}>
        <CategoryChips onNavigate={() => setOpen(false)} />
        <Link to="/randm-tornado-vape-alle-produkte" className="shell-categories-dropdown__all" onClick={() => setOpen(false)}>
          Alle Produkte ansehen
        </Link>
      </div>
    </div>
  );
}
