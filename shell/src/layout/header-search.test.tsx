import { useEffect, useLayoutEffect, useRef } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import type { HeaderSearchProps } from '@shop/routes';
import { RemoteModulesProvider, type RemoteComponent } from '../federation/remote-modules';
import { openDocument } from '../navigation/open-document';
import { HeaderSearch, SUBMIT_WAIT_MS } from './header-search';

jest.mock('../navigation/open-document', () => ({ openDocument: jest.fn() }));
const documentLoads = jest.mocked(openDocument);

/** The catalog's search box as its remote would render it: its own form, the props shown; a sent search navigates. */
const FakeSearchBox: RemoteComponent = (props) => {
  const { defaultTerm = '', autoFocus = false, caret = null, submitted = false } = props as Partial<HeaderSearchProps>;
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  useLayoutEffect(() => {
    if (!autoFocus) return;
    input.current?.focus();
    input.current?.setSelectionRange(caret, caret);
  }, [autoFocus, caret]);
  useEffect(() => {
    if (submitted) navigate(`/randm-tornado-vape-alle-produkte?search=${encodeURIComponent(defaultTerm.trim())}`);
  }, [submitted, defaultTerm, navigate]);
  return (
    <form role="search" aria-label="Live-Suche" onSubmit={(event) => event.preventDefault()}>
      <input ref={input} name="search" aria-label="Produkte suchen (live)" defaultValue={defaultTerm} />
      <button type="submit">Suchen (live)</button>
    </form>
  );
};

/** An older release's search box: it takes no props. */
const OldSearchBox: RemoteComponent = () => <input aria-label="Produkte suchen (alt)" />;

/** A box that fails while rendering. */
const BrokenSearchBox: RemoteComponent = () => {
  throw new Error('broken release');
};

/** A module source whose load the test finishes when it wants (the box's code "on its way"). */
function deferredSource({ fails = false, box = FakeSearchBox } = {}) {
  const asked: string[] = [];
  let arrive: () => void = () => undefined;
  const loaded = new Promise<RemoteComponent>(
    (resolve, reject) => (arrive = () => (fails ? reject(new Error('remote down')) : resolve(box))),
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

/** The server's HTML of the test's address display (Where). */
const WHERE = '<output data-testid="where">/kontakt</output>';
/** The header slot's first HTML as the server renders it: the catalog's GET form inside the island. */
const SERVER_FORM = `<div class="shell-site-header__search" data-testid="slot-search"><div><form role="search" action="/randm-tornado-vape-alle-produkte"><input name="search" type="search" aria-label="Produkte suchen"><button type="submit">Suchen</button></form></div></div>${WHERE}`;
/** The same slot when the server rendered it without the module (it was not there in time). */
const SERVER_WITHOUT_MODULE = `<div class="shell-site-header__search" data-testid="slot-search"><div><span class="shell-remote-slot-loading" aria-hidden="true"></span></div></div>${WHERE}`;

let root: Root | undefined;
let container: HTMLElement;

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/**
 * The server's HTML hydrated by the shell's HeaderSearch with `source` as the remote modules; with
 * `html` empty, the header rendered in the browser only. `beforeHydration` acts on the server's
 * HTML while the scripts load.
 */
async function hydrate(source: ReturnType<typeof deferredSource>['source'], html = SERVER_FORM, beforeHydration?: () => void) {
  // As in the browser, where the shell marks the document once the page has hydrated.
  document.documentElement.setAttribute('data-hydrated', '');
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  beforeHydration?.();
  const app = (
    <RemoteModulesProvider value={source}>
      <MemoryRouter initialEntries={['/kontakt']}>
        <HeaderSearch />
        <Where />
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
  documentLoads.mockClear();
});

const serverField = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Produkte suchen' });
const liveField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Produkte suchen (live)' });
const where = () => screen.getByTestId('where').textContent;

/** The header's search box on first intent (shell HeaderSearch, ServerIsland; docs/performance.md). */
describe('HeaderSearch', () => {
  test('the page loads none of its code; the first focus does, and the live box takes the text, the caret and the focus', async () => {
    const remote = deferredSource();
    await hydrate(remote.source);
    expect(remote.asked).toEqual([]);

    const field = serverField();
    act(() => field.focus());
    expect(remote.asked).toEqual(['catalog ./search-box']);
    field.value = 'Blueberry';
    field.setSelectionRange(4, 4);
    await remote.arrive();

    expect(liveField()).toHaveValue('Blueberry');
    expect(liveField()).toHaveFocus();
    expect(liveField().selectionStart).toBe(4);
    expect(screen.getByTestId('slot-search')).toHaveAttribute('data-hydrated', '');
    expect(screen.queryByRole('searchbox', { name: 'Produkte suchen' })).toBeNull();
  });

  test('a field focused before the page was hydrated loads it at once; so does a key or typing', async () => {
    const focusedEarly = deferredSource();
    await hydrate(focusedEarly.source, SERVER_FORM, () => container.querySelector('input')!.focus());
    expect(focusedEarly.asked).toEqual(['catalog ./search-box']);
    act(() => root?.unmount());
    container.remove();

    const typed = deferredSource();
    await hydrate(typed.source);
    fireEvent.input(serverField(), { target: { value: 'm' } });
    expect(typed.asked).toEqual(['catalog ./search-box']);
  });

  test('a search sent while the code is on its way is held and run by the live box; no document load follows', async () => {
    jest.useFakeTimers();
    const remote = deferredSource();
    await hydrate(remote.source);
    serverField().value = 'Mango';
    expect(fireEvent.submit(serverField().closest('form')!)).toBe(false);
    // A second Enter while it is held sends nothing more.
    expect(fireEvent.submit(serverField().closest('form')!)).toBe(false);
    expect(screen.getByTestId('slot-search')).toHaveAttribute('aria-busy', 'true');
    await remote.arrive();
    expect(where()).toBe('/randm-tornado-vape-alle-produkte?search=Mango');
    expect(screen.getByTestId('slot-search')).not.toHaveAttribute('aria-busy');
    act(() => void jest.advanceTimersByTime(SUBMIT_WAIT_MS));
    expect(documentLoads).not.toHaveBeenCalled();
  });

  test('a held search the live box does not run (an older release) goes out as the form after SUBMIT_WAIT_MS', async () => {
    jest.useFakeTimers();
    const remote = deferredSource({ box: OldSearchBox });
    await hydrate(remote.source);
    serverField().value = 'Mango Ice';
    fireEvent.submit(serverField().closest('form')!);
    await remote.arrive();
    act(() => void jest.advanceTimersByTime(SUBMIT_WAIT_MS - 1));
    expect(documentLoads).not.toHaveBeenCalled();
    act(() => void jest.advanceTimersByTime(1));
    expect(documentLoads.mock.calls).toEqual([['http://localhost/randm-tornado-vape-alle-produkte?search=Mango+Ice']]);
  });

  test('code that cannot be loaded: the held search goes out at once, later submits are the browser’s own, the next intent asks again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const remote = deferredSource({ fails: true });
    await hydrate(remote.source);
    serverField().value = 'Mango';
    fireEvent.submit(serverField().closest('form')!);
    await remote.arrive();
    expect(documentLoads.mock.calls).toEqual([['http://localhost/randm-tornado-vape-alle-produkte?search=Mango']]);
    expect(serverField()).toBeInTheDocument();
    fireEvent.pointerEnter(screen.getByTestId('slot-search'));
    expect(remote.asked).toEqual(['catalog ./search-box', 'catalog ./search-box']);
  });

  test('an empty search is not held; leaving the page drops a held one', async () => {
    jest.useFakeTimers();
    const remote = deferredSource();
    await hydrate(remote.source);
    fireEvent.submit(serverField().closest('form')!);
    expect(screen.getByTestId('slot-search')).not.toHaveAttribute('aria-busy');
    serverField().value = 'Mango';
    fireEvent.submit(serverField().closest('form')!);
    expect(screen.getByTestId('slot-search')).toHaveAttribute('aria-busy', 'true');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    act(() => void jest.advanceTimersByTime(SUBMIT_WAIT_MS));
    expect(documentLoads).not.toHaveBeenCalled();
  });

  test('not replaced while a pointer is pressed; the focus on the button goes to the live box’s button', async () => {
    const remote = deferredSource();
    await hydrate(remote.source);
    const button = screen.getByRole('button', { name: 'Suchen' });
    act(() => button.focus());
    fireEvent.pointerDown(button);
    await remote.arrive();
    expect(button).toBeInTheDocument();
    await act(async () => {
      fireEvent.pointerUp(window);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(button).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suchen (live)' })).toHaveFocus();
  });

  test('a live box that fails while rendering gives way to the server form again, which then sends natively', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const remote = deferredSource({ box: BrokenSearchBox });
    await hydrate(remote.source);
    act(() => serverField().focus());
    await remote.arrive();
    expect(serverField()).toBeInTheDocument();
    serverField().value = 'Mango';
    expect(fireEvent.submit(serverField().closest('form')!)).toBe(true);
  });

  test('without the module in the first HTML (a browser-only render, or a server render without it) it loads at once', async () => {
    const browserOnly = deferredSource();
    await hydrate(browserOnly.source, '');
    expect(browserOnly.asked).toEqual(['catalog ./search-box']);
    await browserOnly.arrive();
    expect(liveField()).not.toHaveFocus();
    act(() => root?.unmount());
    container.remove();

    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const withoutModule = deferredSource();
    await hydrate(withoutModule.source, SERVER_WITHOUT_MODULE);
    expect(withoutModule.asked).toEqual(['catalog ./search-box']);
    await withoutModule.arrive();
    expect(liveField()).toBeInTheDocument();
  });
});
