import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonAnswer, renderScreen } from '@shop/test-dom';
import { staffScreenTest } from '../../test-support/staff-screen';
import { ProductImportPanel } from './product-import-panel';

const env = staffScreenTest();
const { toasts } = env;

const DRY_RUN = '/api/admin/products/import/dry-run';
const APPLY = '/api/admin/products/import/apply';
const SHA = 'b'.repeat(64);

const dryRun = (rows: unknown[], counts: object, canApply: boolean) =>
  jsonAnswer(200, {
    fileName: 'preise.csv',
    mode: 'products',
    sha256: SHA,
    rows,
    counts: { new: 0, changed: 0, unchanged: 0, withErrors: 0, ...counts },
    canApply,
    refusal: null,
  });
const PRICE_CHANGE = {
  row: 2,
  sku: 'POD-1',
  status: 'changed',
  changes: [{ column: 'Preis (EUR)', before: '9,99', after: '11,49' }],
  errors: [],
};
const UNCHANGED = { row: 3, sku: 'POD-2', status: 'unchanged', changes: [], errors: [] };
const BAD = {
  row: 4,
  sku: 'POD-3',
  status: 'unchanged',
  changes: [],
  errors: [{ row: 4, column: 'Preis (EUR)', message: 'Bitte eine Zahl mit Dezimalkomma eintragen (z. B. 12,50).' }],
};

/** The text of a Blob (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const open = (onApplied = jest.fn(async () => undefined)) => {
  renderScreen(<ProductImportPanel onApplied={onApplied} />, { path: '/admin/products', route: '/admin/products' });
  return onApplied;
};
const checkForm = () => screen.getByRole('heading', { name: 'Datei prüfen' }).closest('form')!;
const choose = (text: string, name = 'preise.csv') =>
  fireEvent.change(within(checkForm()).getByLabelText('CSV-Datei'), {
    target: { files: [new File([text], name, { type: 'application/vnd.ms-excel' })] },
  });

/** 'CSV importieren' on the products page: dry run first, the table of rows needing a look, then the apply of the same file. */
describe('ProductImportPanel', () => {
  test('the dry run sends the file as CSV with mode and name, lists changes before → after, and the apply sends its SHA-256', async () => {
    env.api.on('POST', DRY_RUN, dryRun([PRICE_CHANGE, UNCHANGED], { changed: 1, unchanged: 1 }, true));
    env.api.on('POST', APPLY, jsonAnswer(200, { importId: 'imp1', created: 0, changed: 1, refused: [] }));
    const onApplied = open();
    fireEvent.click(within(checkForm()).getByRole('button', { name: 'Probelauf starten' }));
    expect(await within(checkForm()).findByRole('alert')).toHaveTextContent('Bitte wählen Sie die CSV-Datei aus.');
    expect(env.api.requests('POST', DRY_RUN)).toHaveLength(0);

    choose('Artikelnummer;Preis (EUR)\r\nPOD-1;11,49\r\n');
    fireEvent.click(within(checkForm()).getByRole('button', { name: 'Probelauf starten' }));
    const table = await screen.findByRole('table', { name: 'Ergebnis des Probelaufs' });
    expect(screen.getByText('0 neu, 1 geändert, 1 unverändert, 0 mit Fehlern.')).toHaveAttribute('role', 'status');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('2POD-1geändertPreis (EUR): 9,99 → 11,49');
    const [request] = env.api.requests('POST', DRY_RUN);
    expect(request!.path).toBe(`${DRY_RUN}?mode=products&fileName=preise.csv`);
    const sent = env.api.fetch.mock.calls[0]![1]!;
    expect((sent.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
    expect(await textOf(sent.body as Blob)).toBe('Artikelnummer;Preis (EUR)\r\nPOD-1;11,49\r\n');
    expect(env.api.requests('POST', APPLY)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Import ausführen' }));
    expect(await screen.findByText('0 Produkte angelegt, 1 geändert.')).toBeInTheDocument();
    expect(env.api.requests('POST', APPLY)[0]!.path).toBe(`${APPLY}?mode=products&fileName=preise.csv&sha256=${SHA}`);
    expect(toasts).toEqual([expect.objectContaining({ title: 'Import ausgeführt', variant: 'success' })]);
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
  });

  test('errors by row and column, no apply button; a stock count is sent as mode stock; a refused file shows its German message', async () => {
    env.api.once('POST', DRY_RUN, dryRun([PRICE_CHANGE, BAD], { changed: 1, withErrors: 1 }, false));
    open();
    choose('x');
    fireEvent.change(within(checkForm()).getByLabelText('Inhalt der Datei'), { target: { value: 'stock' } });
    fireEvent.click(within(checkForm()).getByRole('button', { name: 'Probelauf starten' }));
    const table = await screen.findByRole('table', { name: 'Ergebnis des Probelaufs' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Errors first.
    expect(rows[0]).toHaveTextContent('4POD-3fehlerhaftPreis (EUR): Bitte eine Zahl mit Dezimalkomma eintragen (z. B. 12,50).');
    expect(screen.queryByRole('button', { name: 'Import ausführen' })).toBeNull();
    expect(screen.getByText(/Bitte korrigieren Sie die Fehler/)).toBeInTheDocument();
    expect(env.api.requests('POST', DRY_RUN)[0]!.path).toContain('mode=stock');

    env.api.once('POST', DRY_RUN, jsonAnswer(400, { code: 'CSV_NOT_UTF8', message: 'Die Datei ist nicht in UTF-8 gespeichert.' }));
    fireEvent.click(within(checkForm()).getByRole('button', { name: 'Probelauf starten' }));
    expect(await within(checkForm()).findByRole('alert')).toHaveTextContent('Die Datei ist nicht in UTF-8 gespeichert.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
