import { Link } from 'react-router-dom';
import { CATEGORY_DEFINITIONS } from '@shop/contracts';
import { href } from '@shop/routes';

/**
 * Round category chips in the header order of spec §2 ('Header': 7000, 9000, 10000, shisha,
 * 12000 … 40000), each linking to /kategorien/{slug}.
 */
export function CategoryChips({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="shell-category-chips">
      {CATEGORY_DEFINITIONS.map((category) => (
        <li key={category.id}>
          <Link to={href('/kategorien/:category', { category: category.slug })} onClick={onNavigate} className="shell-category-chip">
            <span className="shell-category-chip__round" aria-hidden="true">
              {category.shortLabel}
            </span>
            <span className="shell-category-chip__label">{category.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
