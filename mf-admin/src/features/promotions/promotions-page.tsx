import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPromotion, PromotionInput } from '@shop/contracts/admin';
import { formatEurDecimal, formatIsoDate } from '@shop/format';
import { Button } from '@shop/ui';
import { showToast, useSeo } from '@shop/shell-api';
import { promotionsApi } from '../../api/promotions-api';
import { ActionField, ActionForm } from '../../components/action-form';
import { promotionInputOf } from './promotion-form';
import { changedValues } from '../../lib/changed-values';
import { QueryState } from '../../components/query-state';
import { promotionsKeys, promotionsQueries } from './promotions-queries';

const STATE_LABELS: Record<AdminPromotion['state'], string> = {
  active: 'Aktiv',
  inactive: 'Ausgeschaltet',
  scheduled: 'Geplant',
  expired: 'Abgelaufen',
  'used-up': 'Aufgebraucht',
};
const TYPE_LABELS = { percentage: 'Prozent', fixed: 'Betrag in €' };

const discountText = (promotion: AdminPromotion) =>
  promotion.type === 'percentage' ? `${promotion.percent} %` : formatEurDecimal(promotion.amount ?? '0.00');
const windowText = (promotion: AdminPromotion) =>
  promotion.validFrom || promotion.validUntil
    ? `${promotion.validFrom ? formatIsoDate(promotion.validFrom) : 'sofort'} – ${promotion.validUntil ? formatIsoDate(promotion.validUntil) : 'unbegrenzt'}`
    : 'unbegrenzt';

/** Create or change one code; `promotion` null creates. */
function PromotionEditor({ promotion, onDone }: { promotion: AdminPromotion | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const submit = async (data: FormData) => {
    const input = promotionInputOf(data);
    if (promotion)
      await promotionsApi.change(promotion.id, { version: promotion.version, changes: changedValues<PromotionInput>(promotion, input) });
    else await promotionsApi.create(input);
    await queryClient.invalidateQueries({ queryKey: promotionsKeys.all });
    showToast({ title: promotion ? 'Gutscheincode gespeichert' : 'Gutscheincode angelegt', variant: 'success' });
    onDone();
  };
  return (
    <ActionForm
      key={promotion ? `${promotion.id}:${promotion.version}` : 'new'}
      legend={promotion ? `Gutscheincode ${promotion.code} bearbeiten` : 'Neuer Gutscheincode'}
      submitLabel={promotion ? 'Änderungen speichern' : 'Gutscheincode anlegen'}
      onSubmit={submit}
    >
      <ActionField
        name="code"
        label="Code"
        defaultValue={promotion?.code ?? ''}
        autoComplete="off"
        hint="3 bis 30 Buchstaben, Ziffern oder Bindestriche; Groß- und Kleinschreibung egal."
      />
      <ActionField name="type" label="Art des Rabatts" options={TYPE_LABELS} defaultValue={promotion?.type ?? 'percentage'} />
      <ActionField
        name="discount"
        label="Rabatt (Prozent oder Euro)"
        inputMode="decimal"
        defaultValue={
          promotion ? (promotion.type === 'percentage' ? String(promotion.percent) : (promotion.amount ?? '').replace('.', ',')) : ''
        }
      />
      <ActionField name="validFrom" label="Gültig ab (optional)" type="date" defaultValue={promotion?.validFrom ?? ''} />
      <ActionField name="validUntil" label="Gültig bis einschließlich (optional)" type="date" defaultValue={promotion?.validUntil ?? ''} />
      <ActionField
        name="minOrderValue"
        label="Mindestbestellwert in € (optional)"
        inputMode="decimal"
        defaultValue={promotion?.minOrderValue?.replace('.', ',') ?? ''}
      />
      <ActionField
        name="usageLimit"
        label="Einlösungen insgesamt (optional)"
        inputMode="numeric"
        defaultValue={promotion?.usageLimit ?? ''}
      />
      <ActionField
        name="perCustomerLimit"
        label="Einlösungen pro Kunde (optional)"
        inputMode="numeric"
        defaultValue={promotion?.perCustomerLimit ?? ''}
      />
      <ActionField name="description" label="Interne Beschreibung (optional)" defaultValue={promotion?.description ?? ''} />
      <ActionField name="isActive" label="Aktiv" type="checkbox" defaultChecked={promotion?.isActive ?? true} />
      {promotion && (
        <Button variant="secondary" onClick={onDone}>
          Abbrechen
        </Button>
      )}
    </ActionForm>
  );
}

/**
 * /admin/promotions: every promo code with discount, validity, minimum order value,
 * redemptions and state; create and change codes (percentage or fixed, validity window, usage
 * limits, active switch). The cart applies them at once.
 */
export function PromotionsPage() {
  useSeo({ title: 'Aktionen', robots: 'noindex, nofollow' });
  const promotions = useQuery(promotionsQueries.list());
  const [editing, setEditing] = useState<AdminPromotion | null>(null);
  return (
    <section className="shop-page admin-page">
      <h1>Aktionen und Gutscheincodes</h1>
      <PromotionEditor promotion={editing} onDone={() => setEditing(null)} />
      <QueryState query={promotions} loading="Gutscheincodes werden geladen…" failed="Die Gutscheincodes konnten nicht geladen werden.">
        {(data) => (
          <table className="admin-table">
            <caption className="shop-visually-hidden">Gutscheincodes</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Rabatt</th>
                <th scope="col">Gültig</th>
                <th scope="col">Eingelöst</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="shop-visually-hidden">Aktionen</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((promotion) => (
                <tr key={promotion.id} data-testid="admin-promotion-row">
                  <td data-label="Code">
                    <strong>{promotion.code}</strong>
                    {promotion.description && <span className="admin-table__sub">{promotion.description}</span>}
                  </td>
                  <td data-label="Rabatt">
                    {discountText(promotion)}
                    {promotion.minOrderValue && <span className="admin-table__sub">ab {formatEurDecimal(promotion.minOrderValue)}</span>}
                  </td>
                  <td data-label="Gültig">{windowText(promotion)}</td>
                  <td data-label="Eingelöst">
                    {promotion.usageCount}
                    {promotion.usageLimit !== null && ` von ${promotion.usageLimit}`}
                    {promotion.perCustomerLimit !== null && (
                      <span className="admin-table__sub">{promotion.perCustomerLimit} pro Kunde</span>
                    )}
                  </td>
                  <td data-label="Status">{STATE_LABELS[promotion.state]}</td>
                  <td>
                    <Button variant="secondary" onClick={() => setEditing(promotion)} aria-label={`${promotion.code} bearbeiten`}>
                      Bearbeiten
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </section>
  );
}
