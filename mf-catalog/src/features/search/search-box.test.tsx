import { useEffect } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ShopQueryProvider } from '@shop/shell-api';
import { errorAnswer, jsonAnswer, mockApi, renderScreen, type MockApi } from '@shop/test-dom';
import { testProduct } from '@shop/test-fixtures';
import { DEBOUNCE_MS, SearchBox } from './search-box';

const blueberry = testProduct('p1', {
  name: 'RandM Tornado 9000 Blueberry Ice',
  slug: 'randm-tornado-9000-blueberry-ice',
  flavor: 'Blueberry Ice',
});
const found = (products = [blueberry]) => jsonAnswer(200, { products, total: products.length, limit: 5, offset: 0 });

let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

const open = () => {
  renderScreen(<SearchBox />, { path: '/', route: '*' });
  const input = screen.getByRole('combobox', { name: 'Produkte suchen' });
  fireEvent.focus(input);
  return input;
};
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** The header search's states (suggestions, waiting, none found, error) and where it leads (spec §4, §5, §9). */
describe('SearchBox', () => {
  test('focused and empty, or with one character, it offers popular searches without asking the server', async () => {
    const input = open();
    const list = screen.getByRole('listbox', { name: 'Suchvorschläge' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Beliebt: Tornado 40000', 'Beliebt: Blueberry', 'Beliebt: Ice', 'Beliebt: Strawberry']);
    type(input, 'b');
    await act(() => new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS + 100)));
    expect(screen.getByRole('listbox', { name: 'Suchvorschläge' })).toBeInTheDocument();
    expect(api.requests()).toHaveLength(0);
  });

  test('two characters ask for up to five suggestions once typing pauses; one leads to its product', async () => {
    api.on('GET', '/api/products', found());
    const input = open();
    type(input, 'bl');
    expect(await screen.findByText('Suche läuft...')).toBeInTheDocument();
    const suggestion = await screen.findByRole('option', { name: /Blueberry Ice/ });
    expect(api.requests('GET', '/api/products').map((request) => request.path)).toEqual(['/api/products?search=bl&limit=5']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(suggestion).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent('/kategorien/randm-tornado-9000/blueberry-ice-einweg-vape');
  });

  test('no match names the term and offers popular searches', async () => {
    api.on('GET', '/api/products', found([]));
    type(open(), 'xyz');
    expect(
      await screen.findByText('Keine Produkte gefunden für "xyz". Versuchen Sie es mit: Tornado 40000, Blueberry, Ice, Strawberry'),
    ).toBeInTheDocument();
  });

  test('a failed search says the search is unavailable', async () => {
    api.on('GET', '/api/products', errorAnswer(503, 'DATABASE_UNAVAILABLE'));
    type(open(), 'mango');
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Suche ist gerade nicht verfügbar.');
  });

  test('submitting goes to all products with the term, which is then offered as a recent search', () => {
    const input = open();
    type(input, '  Mango ');
    fireEvent.submit(input.closest('form')!);
    expect(screen.getByTestId('location')).toHaveTextContent('/randm-tornado-vape-alle-produkte?search=Mango');
    type(input, '');
    fireEvent.focus(input);
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Zuletzt gesucht: Mango');
  });

  test('mounted in place of the server form: it starts with the typed text, takes the focus with the caret where it was, and offers suggestions', async () => {
    api.on('GET', '/api/products', found());
    renderScreen(<SearchBox defaultTerm="blueberry" autoFocus caret={4} />, { path: '/', route: '*' });
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Produkte suchen' });
    expect(input).toHaveValue('blueberry');
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([4, 4]);
    expect(await screen.findByRole('option', { name: /Blueberry Ice/ })).toBeInTheDocument();
  });

  test('a search sent from the server form meanwhile runs once, as its own submit would, and is remembered', async () => {
    const visited: string[] = [];
    function Visits() {
      const location = useLocation();
      useEffect(() => void visited.push(location.key), [location.key]);
      return null;
    }
    renderScreen(
      <>
        <SearchBox defaultTerm="  Mango " autoFocus submitted />
        <Visits />
      </>,
      { path: '/', route: '*' },
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/randm-tornado-vape-alle-produkte?search=Mango');
    // The first page and one navigation.
    expect(visited).toHaveLength(2);
    const input = screen.getByRole('combobox', { name: 'Produkte suchen' });
    expect(input).not.toHaveFocus();
    type(input, '');
    await act(() => new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS + 50)));
    fireEvent.focus(input);
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Zuletzt gesucht: Mango');
  });

  test('an empty search sent meanwhile runs nothing, as its own submit would, and the box keeps the focus', () => {
    renderScreen(<SearchBox defaultTerm="  " autoFocus submitted />, { path: '/kontakt', route: '*' });
    expect(screen.getByTestId('location')).toHaveTextContent('/kontakt');
    expect(screen.getByRole('combobox', { name: 'Produkte suchen' })).toHaveFocus();
  });

  // A host that hydrates the server's box in place (a shell release before it loaded the box on first intent).
  test('text typed into the server-rendered box before hydration stays, and is what it searches for', async () => {
    const Where = () => <output aria-label="Adresse">{useLocation().pathname + useLocation().search}</output>;
    const header = () => (
      <ShopQueryProvider>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <SearchBox />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </ShopQueryProvider>
    );
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(header());
    const input = container.querySelector('input')!;
    input.focus();
    input.value = 'Blueberry Ice';
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, header());
    });
    // A render of the live box (here: arrow down opens the suggestions) keeps the typed text.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveValue('Blueberry Ice');
    fireEvent.submit(input.closest('form')!);
    expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent('/randm-tornado-vape-alle-produkte?search=Blueberry%20Ice');
    act(() => root?.unmount());
    container.remove();
  });
});
