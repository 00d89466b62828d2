import { Link } from 'react-router-dom';
import { CATEGORY_DEFINITIONS } from '@shop/contracts';
import { href } from '@shop/routes';

/** Round shortcuts of spec §2 'Home': 7K, 9K, S10K, 12K … 40K (Tornado 10000 is not among them). */
const SHORTCUT_IDS = [
  'cat-tornado-7000',
  'cat-tornado-9000',
  'cat-shisha-10000',
  'cat-tornado-12000',
  'cat-tornado-15000',
  'cat-tornado-20000',
  'cat-tornado-25000',
  'cat-tornado-30000',
  'cat-tornado-35000',
  'cat-tornado-40000',
];

export function CategoryShortcuts() {
  const shortcuts = SHORTCUT_IDS.map((id) => CATEGORY_DEFINITIONS.find((c) => c.id === id)!);
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
