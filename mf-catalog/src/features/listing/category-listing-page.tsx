import { Link, useParams } from 'react-router-dom';
import { Breadcrumb, Spinner, Button } from '@shop/ui';
import { CATEGORY_FALLBACK_NAME } from '@shop/contracts';
import { StaticHtml, useSeo } from '@shop/shell-api';
import { categoryText, FALLBACK_META_DESCRIPTION } from '@shop/catalog-rules';
import { useQuery } from '@tanstack/react-query';
import { catalogQueries } from '../../api/catalog-queries';
import { ProductList } from './components/product-list';

/**
 * Category listing (spec §2): breadcrumb, title and description, sidebar filter, offer banner,
 * count line, products, the text block of the slug, and the category component with id and
 * display name. An unknown slug gets a 'not found' message.
 */
export function CategoryListingPage() {
  const { category: slug = '' } = useParams();
  const { data: categories, isPending, isError, refetch } = useQuery(catalogQueries.categories());
  const category = categories?.find((c) => c.slug === slug);
  const text = categoryText(slug);
  const name = category?.name ?? CATEGORY_FALLBACK_NAME;
  useSeo({
    title: category ? `${category.name} kaufen` : 'Kategorie nicht gefunden',
    description: text?.metaDescription ?? FALLBACK_META_DESCRIPTION,
    robots: !isPending && !isError && !category ? 'noindex, follow' : undefined,
  });

  if (isPending) return <Spinner label="Kategorie wird geladen…" />;
  if (isError) {
    return (
      <section className="shop-page" role="alert">
        <h1>Kategorie konnte nicht geladen werden</h1>
        <p>Bitte versuchen Sie es später erneut.</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Erneut versuchen
        </Button>
      </section>
    );
  }
  if (!category) {
    return (
      <section className="shop-page">
        <h1>Kategorie nicht gefunden</h1>
        <p>
          Diese Kategorie gibt es nicht. <Link to="/kategorien">Zu allen Kategorien</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="shop-page">
      <Breadcrumb
        items={[{ label: 'Home', href: '/' }, { label: 'Kategorien', href: '/kategorien' }, { label: name }]}
        renderLink={(item) => <Link to={item.href}>{item.label}</Link>}
      />
      <h1>{name}</h1>
      <p className="catalog-category-description">{category.description}</p>
      <p className="catalog-offer-banner">Kostenloser Versand ab 4 Produkten – auch kombiniert aus verschiedenen Kategorien.</p>
      <ProductList fixedCategoryId={category.id} />
      {text && (
        <StaticHtml key={slug}>
          <section className="catalog-category-text" data-testid={text.testId} aria-labelledby={`${text.testId}-title`}>
            <h2 id={`${text.testId}-title`}>{text.heading}</h2>
            {text.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        </StaticHtml>
      )}
      <aside className="catalog-category-info" data-category-id={category.id} aria-label={`Über ${name}`}>
        <p>
          Kategorie: <strong>{name}</strong> · {category.productCount} Produkte · <Link to="/kategorien">Alle Kategorien</Link>
        </p>
      </aside>
    </section>
  );
}
