import { useLayoutEffect, useRef } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { HeaderSearchProps } from '@shop/routes';
import { RemoteModulesProvider, type RemoteComponent } from '../federation/remote-modules';
import { HeaderSearch, SUBMIT_WAIT_MS } from './header-search';

/** The catalog's search box as its remote would render it: its own form, the props shown. */
const FakeSearchBox: RemoteComponent = (props) => {
  const { defaultTerm = '', autoFocus = false, submitted = false } = props as Partial<HeaderSearchProps>;
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  return (
    <form role="search" aria-label="Live-Suche">
      <input ref={input} name="search" aria-label="Produkte suchen (live)" defaultValue={defaultTerm} />
      {submitted && <output>gesucht: {defaultTerm}</output>}
    </form>
  );
};

/** A module source whose load the test finishes when it wants (the box's code "on its way"). */
function deferredSource({ fails = false } = {}) {
  const asked: string[] = [];
  let arrive: () => void = () => undefined;
  const loaded = new Promise<RemoteComponent>(
    (resolve, reject) => (arrive = () => (fails ? reject(new Error('remote down')) : resolve(FakeSearchBox))),
  );
  return {
    asked,
    source: (remote: string, exposed: string) => {
      asked.push(`${remote} ${exposed}`);
      return loaded;
    },
    arrive: () =>
      act(async () => {
        arrive();
        await loaded.catch(() => undefined);
      }),
  };
}

/** The header slot's first HTML as the server renders it: the catalog's GET form inside the island. */
const SERVER_HTML = `<div class="shell-site-header__search" data-testid="slot-search"><div><form role="search" action="/randm-tornado-vape-alle-produkte"><input name="search" type="search" aria-label="Produkte suchen"><button type="submit">Suchen</button></form></div></div>`;

let root: Root | undefined;
let container: HTMLElement;

/**
 * The server's HTML hydrated by the shell's HeaderSearch with `source` as the remote modules; with
 * `html` empty, the header rendered in the browser only.
 */
async function hydrate(source: ReturnType<typeof deferredSource>['source'], html = SERVER_HTML) {
  // As in the browser, where the shell marks the document once the page has hydrated.
  document.documentElement.setAttribute('data-hydrated', '');
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const app = (
    <RemoteModulesProvider value={source}>
      <MemoryRouter>
        <HeaderSearch />
      </MemoryRouter>
    </RemoteModulesProvider>
  );
  await act(async () => {
    if (html) root = hydrateRoot(container, app);
    else (root = createRoot(container)).render(app);
  });
}

afterEach(() => {
  act(() => root?.unmount());
  container.remove();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const serverField = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Produkte suchen' });

/** The header's search box on first intent (shell HeaderSearch, ServerIsland; docs/performance.md). */
describe('HeaderSearch', () => {
  test('the page loads none of its code; the first focus does, and the live box takes the text and the focus', async () => {
    const remote = deferredSource();
    await hydrate(remote.source);
    expect(remote.asked).toEqual([]);
    expect(serverField()).toBeInTheDocument();

    const field = serverField();
    act(() => field.focus());
    expect(remote.asked).toEqual(['catalog ./search-box']);
    field.value = 'Blueberry';
    await remote.arrive();

    const live = screen.getByRole('textbox', { name: 'Produkte suchen (live)' });
    expect(live).toHaveValue('Blueberry');
    expect(live).toHaveFocus();
    expect(screen.getByTestId('slot-search')).toHaveAttribute('data-hydrated', '');
    expect(screen.queryByRole('searchbox', { name: 'Produkte suchen' })).toBeNull();
  });

  test('a search sent while the code is on its way is held and handed to the live box', async () => {
    const remote = deferredSource();
    await hydrate(remote.source);
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    serverField().value = 'Mango';
    fireEvent.submit(serverField().closest('form')!);
    expect(remote.asked).toEqual(['catalog ./search-box']);
    await remote.arrive();
    expect(screen.getByText('gesucht: Mango')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  test('a held search goes out as the server form after SUBMIT_WAIT_MS, or at once when the code cannot be loaded', async () => {
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    jest.useFakeTimers();
    const slow = deferredSource();
    await hydrate(slow.source);
    fireEvent.submit(serverField().closest('form')!);
    act(() => void jest.advanceTimersByTime(SUBMIT_WAIT_MS - 1));
    expect(submit).not.toHaveBeenCalled();
    act(() => void jest.advanceTimersByTime(1));
    expect(submit).toHaveBeenCalledTimes(1);
    act(() => root?.unmount());
    container.remove();
    jest.useRealTimers();

    const down = deferredSource({ fails: true });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await hydrate(down.source);
    fireEvent.submit(serverField().closest('form')!);
    await down.arrive();
    expect(submit).toHaveBeenCalledTimes(2);
    // The server's form stays and keeps working: the next submit is the browser's own.
    expect(serverField()).toBeInTheDocument();
    const next = fireEvent.submit(serverField().closest('form')!);
    expect(next).toBe(true);
  });

  test('not replaced while a pointer is pressed on the form: the press ends on the element it began on', async () => {
    const remote = deferredSource();
    await hydrate(remote.source);
    const button = screen.getByRole('button', { name: 'Suchen' });
    fireEvent.pointerDown(button);
    await remote.arrive();
    expect(button).toBeInTheDocument();
    await act(async () => {
      fireEvent.pointerUp(window);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(button).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Produkte suchen (live)' })).toBeInTheDocument();
  });

  test('a header rendered in the browser only (no server HTML) mounts the live box at once', async () => {
    const remote = deferredSource();
    await hydrate(remote.source, '');
    expect(remote.asked).toEqual(['catalog ./search-box']);
    await remote.arrive();
    expect(screen.getByRole('textbox', { name: 'Produkte suchen (live)' })).not.toHaveFocus();
  });
});
