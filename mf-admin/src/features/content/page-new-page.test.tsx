import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@uiw/react-codemirror';
import { errorAnswer, jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import type { AdminPageDetail } from '@shop/contracts/admin';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffUser } from '../../test-support/staff-user';
import { PageNewPage } from './page-new-page';

const toasts = recordToasts();
let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

const editor = staffUser('manager', { firstName: 'Rita', lastName: 'Redaktion' });

const open = () =>
  renderScreen(<PageNewPage />, {
    path: '/admin/content/simple-new',
    route: '/admin/content/simple-new',
    user: editor,
    queryClient: adminQueryClient,
  });

// jsdom lays nothing out: CodeMirror measures text ranges after each change, so they get empty boxes.
beforeAll(() => {
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

/** Types into the Markdown editor (CodeMirror) as a keyboard would: one change of its document. */
function typeBody(text: string) {
  const content = document.querySelector<HTMLElement>('.cm-content');
  const view = content && EditorView.findFromDOM(content);
  if (!view) throw new Error('no Markdown editor on the page');
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' }));
}

const created = (slug: string): AdminPageDetail => ({
  slug,
  path: `/seite/${slug}`,
  kind: 'custom',
  title: 'Häufige Fragen',
  textVersion: null,
  online: false,
  hasDraft: true,
  templateNewer: false,
  version: 0,
  current: null,
  draft: {
    title: 'Häufige Fragen',
    description: 'Antworten auf die häufigsten Fragen.',
    body: '## Versand',
    savedAt: '2026-11-28T08:00:00.000Z',
  },
  history: [],
  placeholders: [],
});

/** /admin/content/simple-new: a page of staff's own, created as a draft at /seite/{slug}. */
describe('PageNewPage', () => {
  test('German errors before sending, the address proposed from the title, and the draft created', async () => {
    api.on('POST', '/api/admin/content/pages', jsonAnswer(201, created('haeufige-fragen')));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Als Entwurf anlegen' }));
    expect(await screen.findByText('Bitte geben Sie einen Titel ein (mindestens 3 Zeichen).')).toBeInTheDocument();
    expect(screen.getByText('Bitte beschreiben Sie die Seite kurz (mindestens 10 Zeichen).')).toBeInTheDocument();
    expect(screen.getByText('Die Seite hat noch keinen Text.')).toBeInTheDocument();
    expect(api.requests('POST', '/api/admin/content/pages')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: 'Häufige Fragen' } });
    expect(screen.getByLabelText('Adresse (Slug)')).toHaveValue('haeufige-fragen');
    fireEvent.change(screen.getByLabelText('Beschreibung (für Suchmaschinen)'), {
      target: { value: 'Antworten auf die häufigsten Fragen.' },
    });
    typeBody('## Versand');
    fireEvent.click(screen.getByRole('button', { name: 'Als Entwurf anlegen' }));
    await waitFor(() => expect(api.requests('POST', '/api/admin/content/pages')).toHaveLength(1));
    expect(api.requests('POST', '/api/admin/content/pages')[0]!.body).toEqual({
      slug: 'haeufige-fragen',
      draft: { title: 'Häufige Fragen', description: 'Antworten auf die häufigsten Fragen.', body: '## Versand' },
    });
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: 'Seite als Entwurf angelegt' })]));
    expect(adminQueryClient.getQueryData(['admin-page', 'haeufige-fragen'])).toMatchObject({ slug: 'haeufige-fragen' });
  });

  test('an address staff typed stays; an address already taken is told in German and nothing is lost', async () => {
    const TAKEN = 'Diese Adresse hat schon eine andere Seite. Bitte wählen Sie eine andere.';
    api.on('POST', '/api/admin/content/pages', errorAnswer(409, 'CONFLICT', TAKEN));
    open();
    fireEvent.input(screen.getByLabelText('Adresse (Slug)'), { target: { value: 'agb' } });
    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: 'Häufige Fragen' } });
    expect(screen.getByLabelText('Adresse (Slug)')).toHaveValue('agb');
    fireEvent.change(screen.getByLabelText('Beschreibung (für Suchmaschinen)'), {
      target: { value: 'Antworten auf die häufigsten Fragen.' },
    });
    typeBody('## Versand');
    fireEvent.click(screen.getByRole('button', { name: 'Als Entwurf anlegen' }));
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: 'Anlegen fehlgeschlagen', description: TAKEN })]));
    expect(api.requests('POST', '/api/admin/content/pages')[0]!.body).toMatchObject({ slug: 'agb' });
    expect(screen.getByLabelText('Titel')).toHaveValue('Häufige Fragen');
  });
});
