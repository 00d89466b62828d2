import type { ReactElement } from 'react';
export interface BreadcrumbItem {
  label: string;
  /** Omitted for the current page (last item). */
  href?: string;
}

/** Breadcrumb navigation; `renderLink` lets the caller use its router's Link. */
export function Breadcrumb({
  items,
  renderLink,
}: {
  items: BreadcrumbItem[];
  renderLink: (item: Required<BreadcrumbItem>) => ReactElement;
}) {
  return (
    <nav aria-label="Brotkrümelnavigation" className="shop-breadcrumb">
      <ol>
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`}>
            {item.href ? renderLink({ label: item.label, href: item.href }) : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
