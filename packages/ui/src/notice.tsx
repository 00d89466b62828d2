import type { ReactNode } from 'react';

/** Bordered message box; `tone="warning"` for notices that need attention. */
export function Notice({ tone = 'info', role, children }: { tone?: 'info' | 'warning'; role?: 'alert' | 'status'; children: ReactNode }) {
  return (
    <div className={`shop-notice${tone === 'warning' ? ' shop-notice--warning' : ''}`} role={role}>
      {children}
    </div>
  );
}
