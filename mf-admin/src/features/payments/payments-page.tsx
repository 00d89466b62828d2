import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { BankPayment, BankPaymentOutcome, BankStatementImportResult } from '@shop/contracts/admin';
import { formatDateTime, formatEurDecimal, formatIsoDate } from '@shop/format';
import { showToast, useSeo } from '@shop/shell-api';
import { bankStatementsApi } from '../../api/bank-statements-api';
import { ActionField, ActionForm, InputError } from '../../components/action-form';
import { QueryState } from '../../components/query-state';
import { paymentsKeys, paymentsQueries } from './payments-queries';

const OUTCOME_LABELS: Record<BankPaymentOutcome, string> = {
  matched: 'Verbucht',
  short: 'Zu wenig bezahlt',
  over: 'Zu viel bezahlt',
  duplicate: 'Schon bezahlt',
  'cancelled-order': 'Bestellung storniert',
  'unknown-order': 'Bestellnummer unbekannt',
  'no-order-number': 'Ohne Bestellnummer',
  'several-orders': 'Mehrere Bestellnummern',
  'not-payable': 'Nicht verbuchbar',
  interrupted: 'Import unterbrochen',
  'reference-reused': 'Bankreferenz doppelt',
};

/** What one import did, in a sentence. */
const resultText = ({ import: done }: BankStatementImportResult) =>
  `${done.fileName}: ${done.matched} ${done.matched === 1 ? 'Bestellung' : 'Bestellungen'} als bezahlt verbucht, ${done.open} ${
    done.open === 1 ? 'offener Posten' : 'offene Posten'
  }, ${done.alreadyImported} ${done.alreadyImported === 1 ? 'Buchung war' : 'Buchungen waren'} schon eingelesen.`;

/** One credit: day, amount, payer, remittance text and why it is open. */
function PaymentFacts({ payment }: { payment: BankPayment }) {
  return (
    <>
      <h3>
        {formatEurDecimal(payment.amount)} vom {formatIsoDate(payment.bookedOn)} · {OUTCOME_LABELS[payment.outcome]}
      </h3>
      <dl className="admin-facts">
        <div>
          <dt>Auftraggeber</dt>
          <dd>{payment.debtorName || '–'}</dd>
        </div>
        <div>
          <dt>Verwendungszweck</dt>
          <dd>{payment.remittance || '–'}</dd>
        </div>
        <div>
          <dt>Hinweis</dt>
          <dd>{payment.reason}</dd>
        </div>
      </dl>
    </>
  );
}

/** An open item with its two actions: assign to an order (marks it paid), mark for refund. */
function OpenItem({ payment, onResolved }: { payment: BankPayment; onResolved: () => Promise<unknown> }) {
  const assign = async (data: FormData) => {
    const orderNumber = String(data.get('orderNumber') ?? '').trim();
    if (!orderNumber) throw new InputError('Bitte geben Sie die Bestellnummer ein (z. B. RT-2026-K7M2QX9P).');
    await bankStatementsApi.act(payment.id, { action: 'assign', orderNumber });
    showToast({ title: `Zahlung der Bestellung ${orderNumber.toUpperCase()} zugeordnet`, variant: 'success' });
    await onResolved();
  };
  const refund = async (data: FormData) => {
    const note = String(data.get('note') ?? '').trim();
    if (note.length < 3) throw new InputError('Bitte notieren Sie kurz, wie erstattet wird.');
    await bankStatementsApi.act(payment.id, { action: 'mark-refund', note });
    showToast({ title: 'Zur Erstattung vorgemerkt', variant: 'success' });
    await onResolved();
  };
  return (
    <li className="admin-fieldset" data-testid="admin-open-payment">
      <PaymentFacts payment={payment} />
      <div className="admin-actions">
        <ActionForm legend="Einer Bestellung zuordnen" submitLabel="Zuordnen und als bezahlt verbuchen" onSubmit={assign}>
          <ActionField
            name="orderNumber"
            label="Bestellnummer"
            hint="Nur bei genau dem Rechnungsbetrag einer Bestellung, die auf Zahlung wartet."
            defaultValue={payment.orderNumbers[0] ?? ''}
            autoComplete="off"
          />
        </ActionForm>
        <ActionForm legend="Zur Erstattung vormerken" submitLabel="Zur Erstattung vormerken" onSubmit={refund}>
          <ActionField name="note" label="Notiz (wie und wohin erstattet wird)" maxLength={300} autoComplete="off" />
        </ActionForm>
      </div>
    </li>
  );
}

/**
 * /admin/zahlungen (permission `orders:write`): staff read in the bank's camt.053 statement of the
 * shop account. Credits naming an order number with exactly its total mark that order paid on the
 * booking day (as 'Zahlung verbuchen' on the order); the others are open items to assign to an
 * order or mark for refund. Reading a file twice changes nothing.
 */
export function PaymentsPage() {
  useSeo({ title: 'Zahlungseingänge', robots: 'noindex, nofollow' });
  const queryClient = useQueryClient();
  const overview = useQuery(paymentsQueries.overview());
  const [result, setResult] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  // The chosen file, kept as the input reports it (the upload sends exactly this file).
  const [file, setFile] = useState<File | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentsKeys.overview });
  const upload = async () => {
    if (!file || file.size === 0) throw new InputError('Bitte wählen Sie die Datei des Kontoauszugs aus.');
    const form = new FormData();
    form.append('file', file, file.name);
    const done = await bankStatementsApi.upload(form);
    setResult(resultText(done));
    setFile(null);
    setFormKey((key) => key + 1);
    showToast({ title: 'Kontoauszug eingelesen', variant: 'success' });
    await refresh();
  };
  return (
    <section className="shop-page admin-page admin-payments">
      <h1>Zahlungseingänge</h1>
      <p className="shop-field__hint">
        Laden Sie den Kontoauszug des Shop-Kontos aus dem Online-Banking hoch. Überweisungen mit Bestellnummer und genau dem Rechnungsbetrag
        werden als bezahlt verbucht, wie von Hand in den <Link to="/admin/orders">Bestellungen</Link>; alle anderen erscheinen hier als
        offene Posten.
      </p>
      <ActionForm key={formKey} legend="Kontoauszug einlesen" submitLabel="Einlesen" onSubmit={upload}>
        <ActionField
          name="file"
          label="Kontoauszug (camt.053, XML)"
          hint="Die XML-Datei im Format camt.053 (ISO 20022), höchstens 1 MB. Eine schon eingelesene Datei noch einmal einzulesen ändert nichts."
          type="file"
          accept=".xml,application/xml,text/xml"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
      </ActionForm>
      {result && (
        <p role="status" className="admin-form__status">
          {result}
        </p>
      )}
      <QueryState query={overview} loading="Zahlungseingänge werden geladen…" failed="Die Zahlungseingänge konnten nicht geladen werden.">
        {(data) => (
          <>
            <h2>
              Offene Posten ({data.openItemsTotal}
              {data.openItemsTotal > data.openItems.length ? `, die ältesten ${data.openItems.length} hier` : ''})
            </h2>
            {data.openItems.length === 0 ? (
              <p>Keine offenen Posten.</p>
            ) : (
              <ul className="admin-form" aria-label="Offene Posten">
                {data.openItems.map((payment) => (
                  <OpenItem key={payment.id} payment={payment} onResolved={refresh} />
                ))}
              </ul>
            )}
            <h2>Zur Erstattung vorgemerkt</h2>
            {data.refunds.length === 0 ? (
              <p>Keine Zahlungen vorgemerkt.</p>
            ) : (
              <ul className="admin-form" aria-label="Zur Erstattung vorgemerkt">
                {data.refunds.map((payment) => (
                  <li key={payment.id} className="admin-fieldset" data-testid="admin-refund-payment">
                    <PaymentFacts payment={payment} />
                    {payment.resolution?.kind === 'refund' && <p>Notiz: {payment.resolution.note}</p>}
                  </li>
                ))}
              </ul>
            )}
            <h2>Eingelesene Kontoauszüge</h2>
            {data.imports.length === 0 ? (
              <p>Noch kein Kontoauszug eingelesen.</p>
            ) : (
              <ul>
                {data.imports.map((done) => (
                  <li key={done.id}>
                    {formatDateTime(new Date(done.importedAt))}: {done.fileName} – {done.matched} verbucht, {done.open} offen,{' '}
                    {done.alreadyImported} schon eingelesen
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
