import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { permissionsOf, type StaffPermission } from '@shop/contracts';
import { useSession } from '@shop/shell-api';

/** The back office sections, each shown to staff with the permission it needs. */
const SECTIONS: ReadonlyArray<{ to: string; label: string; permission: StaffPermission; end?: boolean }> = [
  { to: '/admin', label: 'Übersicht', permission: 'dashboard:read', end: true },
  { to: '/admin/products', label: 'Produkte', permission: 'catalog:write' },
  { to: '/admin/bewertungen', label: 'Bewertungen', permission: 'catalog:write' },
  { to: '/admin/orders', label: 'Bestellungen', permission: 'orders:write' },
  { to: '/admin/zahlungen', label: 'Zahlungen', permission: 'orders:write' },
  { to: '/admin/versand', label: 'Versand', permission: 'orders:write' },
  { to: '/admin/customers', label: 'Kunden', permission: 'customers:read' },
  { to: '/admin/promotions', label: 'Aktionen', permission: 'promotions:write' },
  { to: '/admin/content', label: 'Inhalte', permission: 'content:write' },
  { to: '/admin/media', label: 'Medien', permission: 'media:write' },
  { to: '/admin/analytics', label: 'Auswertungen', permission: 'analytics:read' },
  { to: '/admin/audit', label: 'Protokoll', permission: 'audit:read' },
  { to: '/admin/releases', label: 'Versionen', permission: 'releases:read' },
  { to: '/admin/settings', label: 'Einstellungen', permission: 'settings:write' },
  { to: '/admin/auth-status', label: 'Mein Zugang', permission: 'dashboard:read' },
];

/** Every admin screen: the section navigation (wraps on phones) above the page. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const permissions = permissionsOf(user?.role ?? '');
  return (
    <div className="admin-layout">
      <nav className="admin-nav" aria-label="Verwaltung">
        <ul>
          {SECTIONS.filter((section) => permissions.includes(section.permission)).map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
