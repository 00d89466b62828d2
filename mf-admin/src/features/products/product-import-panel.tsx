import { useState } from 'react';
import type { ProductImportDryRun, ProductImportMode, ProductImportResult, ProductImportRow } from '@shop/contracts/admin';
import { formatInteger } from '@shop/format';
import { Notice } from '@shop/ui';
import { showToast } from '@shop/shell-api';
import { productsApi } from '../../api/products-api';
import { ActionField, ActionForm, InputError } from '../../components/action-form';

const MODE_LABELS: Record<ProductImportMode, string> = {
  products: 'Produkte anlegen und ändern',
  stock: 'Nur Bestand (Inventur: Artikelnummer und Bestand)',
};
const STATUS_LABELS: Record<ProductImportRow['status'], string> = { new: 'neu', changed: 'geändert', unchanged: 'unverändert' };
/** Most rows the result table shows (a 50,000-row file would freeze a phone); the counts cover all. */
const ROWS_SHOWN = 500;

/** The dry run's counts in a sentence. */
const countsText = ({ counts }: ProductImportDryRun) =>
  `${formatInteger(counts.new)} neu, ${formatInteger(counts.changed)} geändert, ${formatInteger(counts.unchanged)} unverändert, ${formatInteger(
    counts.withErrors,
  )} mit Fehlern.`;

/** What the apply did, in a sentence. */
const appliedText = (done: ProductImportResult) =>
  `${formatInteger(done.created)} Produkte angelegt, ${formatInteger(done.changed)} geändert${
    done.refused.length ? `, ${formatInteger(done.refused.length)} nicht übernommen` : ''
  }.`;

/** The rows that need a look (errors first, then new and changed ones), each with its errors by column and its changes. */
function DryRunTable({ result }: { result: ProductImportDryRun }) {
  const rows = [
    ...result.rows.filter((row) => row.errors.length),
    ...result.rows.filter((row) => !row.errors.length && row.status !== 'unchanged'),
  ];
  if (!rows.length) return <p>Die Datei ändert nichts: Alle Zeilen stimmen mit dem Katalog überein.</p>;
  return (
    <>
      <table className="admin-table" aria-label="Ergebnis des Probelaufs">
        <thead>
          <tr>
            <th scope="col">Zeile</th>
            <th scope="col">Artikelnummer</th>
            <th scope="col">Ergebnis</th>
            <th scope="col">Fehler und Änderungen</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, ROWS_SHOWN).map((row) => (
            <tr key={row.row}>
              <td data-label="Zeile">{row.row}</td>
              <td data-label="Artikelnummer">{row.sku || '–'}</td>
              <td data-label="Ergebnis">{row.errors.length ? 'fehlerhaft' : STATUS_LABELS[row.status]}</td>
              <td data-label="Fehler und Änderungen">
                <ul>
                  {row.errors.map((error, index) => (
                    <li key={`e${index}`} className="shop-field__error">
                      {error.column ? `${error.column}: ` : ''}
                      {error.message}
                    </li>
                  ))}
                  {row.changes.map((change) => (
                    <li key={change.column}>
                      {change.column}: {change.before || '(leer)'} → {change.after || '(leer)'}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > ROWS_SHOWN && <p>Weitere {formatInteger(rows.length - ROWS_SHOWN)} Zeilen werden nicht angezeigt.</p>}
    </>
  );
}

/**
 * 'CSV importieren' on the products page: staff choose a CSV file (the export's columns, saved
 * as 'CSV UTF-8') and what it holds, see the dry run (every row needing a look: errors by row
 * and column, changes before → after; nothing written), and only then 'Import ausführen' with
 * exactly that file. `onApplied` refreshes the product table.
 */
export function ProductImportPanel({ onApplied }: { onApplied: () => Promise<unknown> }) {
  // The chosen file as the input reports it: the dry run and the apply send exactly this file.
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ file: File; result: ProductImportDryRun } | null>(null);
  const [applied, setApplied] = useState<ProductImportResult | null>(null);

  const check = async (data: FormData) => {
    if (!file || file.size === 0) throw new InputError('Bitte wählen Sie die CSV-Datei aus.');
    const mode: ProductImportMode = data.get('mode') === 'stock' ? 'stock' : 'products';
    setChecked(null);
    setApplied(null);
    setChecked({ file, result: await productsApi.importDryRun(file, mode, file.name) });
  };
  const apply = async () => {
    if (!checked) return;
    const { result } = checked;
    const done = await productsApi.importApply(checked.file, result.mode, result.fileName, result.sha256);
    setChecked(null);
    setApplied(done);
    showToast({ title: 'Import ausgeführt', variant: 'success' });
    await onApplied();
  };

  return (
    <details className="admin-panel">
      <summary>CSV importieren</summary>
      <p className="shop-field__hint">
        Eine Datei mit den Spalten des CSV-Exports (mindestens „Artikelnummer“ und die zu ändernden Spalten), in Excel gespeichert als „CSV
        UTF-8 (durch Trennzeichen getrennt)“. Zuerst zeigt ein Probelauf jede Änderung und jeden Fehler; gespeichert wird erst mit „Import
        ausführen“.
      </p>
      <ActionForm legend="Datei prüfen" submitLabel="Probelauf starten" onSubmit={check}>
        <ActionField
          name="file"
          label="CSV-Datei"
          hint="Höchstens 20 MB und 50.000 Zeilen. Eine leere Zelle leert ein optionales Feld."
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
        <ActionField name="mode" label="Inhalt der Datei" options={MODE_LABELS} defaultValue="products" />
      </ActionForm>
      {checked && (
        <section aria-label="Probelauf">
          <h3>Probelauf: {checked.result.fileName}</h3>
          <p role="status">{countsText(checked.result)}</p>
          <DryRunTable result={checked.result} />
          {checked.result.canApply ? (
            <ActionForm
              legend="Import ausführen"
              submitLabel="Import ausführen"
              confirm={`${checked.result.counts.new} neue und ${checked.result.counts.changed} geänderte Produkte speichern?`}
              onSubmit={apply}
            />
          ) : checked.result.refusal ? (
            <Notice tone="warning">
              <p>{checked.result.refusal} Es wurde nichts gespeichert.</p>
            </Notice>
          ) : (
            checked.result.counts.withErrors > 0 && (
              <Notice tone="warning">
                <p>Bitte korrigieren Sie die Fehler in der Datei und starten Sie den Probelauf erneut. Es wurde nichts gespeichert.</p>
              </Notice>
            )
          )}
        </section>
      )}
      {applied && (
        <Notice tone={applied.refused.length ? 'warning' : 'info'} role="status">
          <p>{appliedText(applied)}</p>
          {applied.refused.length > 0 && (
            <ul>
              {applied.refused.map((refusal) => (
                <li key={refusal.row}>
                  Zeile {refusal.row} ({refusal.sku}): {refusal.reason}
                </li>
              ))}
            </ul>
          )}
        </Notice>
      )}
    </details>
  );
}
