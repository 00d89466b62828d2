import { Link } from 'react-router-dom';
import { CATEGORY_DEFINITIONS } from '@shop/contracts';
import { href } from '@shop/routes';
import { HOME_CATEGORY_IDS } from '../../../lib/home-categories';

export function CategoryShortcuts() {
  const shortcuts = HOME_CATEGORY_IDS.map((id) => CATEGORY_DEFINITIONS.find((c) => c.id === id)!);
  return (
    <nav aria-label="Kategorien" className="catalog-category-shortcuts">
      <ul>
        {shortcuts.map((category) => (
          <li key={category.id}>
            <Link to={href('/kategorien/:category', { category: category.slug })} aria-label={category.name}>
              <span aria-hidden="true">{category.shortLabel}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
