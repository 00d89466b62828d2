import { Button } from '@shop/ui';

/** 'Zurück · Seite x von y · Weiter' under an admin list; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label="Seiten">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Zurück
      </Button>
      <span>
        Seite {page} von {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Weiter
      </Button>
    </nav>
  );
}
