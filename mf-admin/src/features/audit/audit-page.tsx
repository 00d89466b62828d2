import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, LoadFailed, Spinner } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { auditApi } from '../../api/audit-api';
import { AuditList } from './audit-list';
import { Pager } from '../layout/pager';

const PER_PAGE = 50;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /admin/audit (issue #13): every staff write of every service, newest first, filtered by kind
 * of record and by German calendar days; the filters live in the address.
 */
export function AuditPage() {
  useSeo({ title: 'Änderungsprotokoll', robots: 'noindex, nofollow' });
  const [params, setParams] = useSearchParams();
  const from = ISO_DATE.test(params.get('von') ?? '') ? params.get('von')! : undefined;
  const to = ISO_DATE.test(params.get('bis') ?? '') ? params.get('bis')! : undefined;
  const entity = params.get('bereich') === 'product' ? 'product' : undefined;
  const page = Math.max(1, Number.parseInt(params.get('seite') ?? '1', 10) || 1);
  const query = { entity, entityId: params.get('id') ?? undefined, from, to, limit: PER_PAGE, offset: (page - 1) * PER_PAGE };
  const log = useQuery({ queryKey: ['audit', query], queryFn: () => auditApi.list(query), placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / PER_PAGE));

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['bereich', 'von', 'bis']) {
      const value = String(data.get(key) ?? '');
      if (value) next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set('seite', String(target));
    else next.delete('seite');
    setParams(next, { replace: true });
  };

  return (
    <section className="shop-page admin-page">
      <h1>Änderungsprotokoll</h1>
      <form className="admin-filters" onSubmit={filter}>
        <div className="shop-field">
          <label htmlFor="audit-entity">Bereich</label>
          <select id="audit-entity" name="bereich" defaultValue={entity ?? ''}>
            <option value="">Alle</option>
            <option value="product">Produkte</option>
          </select>
        </div>
        <div className="shop-field">
          <label htmlFor="audit-from">Von</label>
          <input id="audit-from" name="von" type="date" defaultValue={from ?? ''} />
        </div>
        <div className="shop-field">
          <label htmlFor="audit-to">Bis</label>
          <input id="audit-to" name="bis" type="date" defaultValue={to ?? ''} />
        </div>
        <Button type="submit" variant="secondary">
          Filtern
        </Button>
      </form>
      {log.isPending ? (
        <Spinner label="Protokoll wird geladen…" />
      ) : log.isError ? (
        <LoadFailed message="Das Protokoll konnte nicht geladen werden." onRetry={() => void log.refetch()} />
      ) : (
        <>
          <p>{log.data.total} Einträge</p>
          <AuditList entries={log.data.entries} />
          <Pager page={page} pages={pages} onPage={goTo} />
        </>
      )}
    </section>
  );
}
