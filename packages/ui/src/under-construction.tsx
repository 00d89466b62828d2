import type { ReactNode } from 'react';
import { Notice } from './notice';

/**
 * Honest page for an area whose slice is not built yet: says so plainly, offers nothing
 * that pretends to work (issue #2 'Shell and remotes').
 */
export function UnderConstruction({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="shop-page" aria-labelledby="under-construction-title">
      <h1 id="under-construction-title">{title}</h1>
      <Notice tone="warning" role="status">
        <p style={{ marginTop: 0 }}>
          <strong>Dieser Bereich wird gerade aufgebaut.</strong>
        </p>
        <p style={{ marginBottom: 0 }}>{children ?? 'Hier gibt es noch keine Funktionen. Bitte schauen Sie bald wieder vorbei.'}</p>
      </Notice>
    </section>
  );
}
