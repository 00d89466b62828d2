import { useQuery } from '@tanstack/react-query';
import { useSeo } from '@shop/shell-api';
import { AuditList } from '../../components/audit-list';
import { Pager } from '../../components/pager';
import { DateRangeFields, ListFilters, SelectFilter } from '../../components/filter-fields';
import { isoDateParam, useListAddress } from '../../hooks/use-list-address';
import { QueryState } from '../../components/query-state';
import { auditQueries } from './audit-queries';

const PER_PAGE = 50;
/** The kinds of records the log can be filtered by. */
const AUDIT_AREAS: Record<string, string> = {
  '': 'Alle',
  product: 'Produkte',
  'product-import': 'CSV-Importe',
  order: 'Bestellungen',
  promotion: 'Gutscheincodes',
  customer: 'Kundenkonten',
  post: 'Blogbeiträge',
  page: 'Seiten und Rechtstexte',
  media: 'Medien',
  review: 'Bewertungen',
  settings: 'Shop-Einstellungen',
  release: 'Live-Versionen',
  'bank-statement': 'Kontoauszüge',
  'bank-payment': 'Zahlungseingänge',
};

/**
 * /admin/audit: every staff write of every service, newest first, filtered by kind
 * of record and by German calendar days; the filters live in the address.
 */
export function AuditPage() {
  useSeo({ title: 'Änderungsprotokoll', robots: 'noindex, nofollow' });
  const { params, page, submitFilters, goTo } = useListAddress(['bereich', 'von', 'bis']);
  const from = isoDateParam(params.get('von'));
  const to = isoDateParam(params.get('bis'));
  const area = params.get('bereich') ?? '';
  const entity = area && area in AUDIT_AREAS ? area : undefined;
  const query = { entity, entityId: params.get('id') ?? undefined, from, to, limit: PER_PAGE, offset: (page - 1) * PER_PAGE };
  const log = useQuery(auditQueries.list(query));
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / PER_PAGE));

  return (
    <section className="shop-page admin-page">
      <h1>Änderungsprotokoll</h1>
      <ListFilters onSubmit={submitFilters} search={false}>
        <SelectFilter name="bereich" label="Bereich" labels={AUDIT_AREAS} defaultValue={entity ?? ''} />
        <DateRangeFields id="audit" from={from} to={to} />
      </ListFilters>
      <QueryState query={log} loading="Protokoll wird geladen…" failed="Das Protokoll konnte nicht geladen werden.">
        {(data) => (
          <>
            <p>{data.total} Einträge</p>
            <AuditList entries={data.entries} />
            <Pager page={page} pages={pages} onPage={goTo} />
          </>
        )}
      </QueryState>
    </section>
  );
}
