import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { HEADER_WIDGETS, type HeaderWidgetProps } from '@shop/routes';
import type { EntryState } from '@shop/contracts';
import { ON_DEMAND_ACCEPT_MS, request, RequestNotAcceptedError } from '@shop/event-bus';
import { EntryProvider } from '../entry/entry-store';
import { RemoteModulesProvider, type RemoteComponent } from '../federation/remote-modules';
import { PersonalWidget } from './personal-widget';

const cart = HEADER_WIDGETS.find((widget) => widget.slot === 'cart')!;

/** The cart widget as its remote would render it, showing the props the shell passed. */
const FakeCartButton: RemoteComponent = (props) => {
  const { firstTap } = props as Partial<HeaderWidgetProps>;
  return <button type="button">{firstTap ? 'Warenkorb (geöffnet)' : 'Warenkorb, 0 Artikel'}</button>;
};

/** A module source whose load the test finishes when it wants (the widget's code "on its way"). */
function deferredSource({ fails = false } = {}) {
  const asked = new Set<string>();
  let arrive: () => void = () => undefined;
  const loaded = new Promise<RemoteComponent>(
    (resolve, reject) => (arrive = () => (fails ? reject(new Error('remote down')) : resolve(FakeCartButton))),
  );
  const source = (remote: string, exposed: string) => {
    asked.add(`${remote} ${exposed}`);
    return loaded;
  };
  return {
    asked: () => [...asked],
    source,
    arrive: () =>
      act(async () => {
        arrive();
        await loaded.catch(() => undefined);
      }),
  };
}

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

/** Rendered in an awaited act, so the effects that load the widget's code have run. */
async function renderHeaderSlot(path: string, visitor: EntryState['visitor'], source: ReturnType<typeof deferredSource>['source']) {
  await act(
    async () =>
      void render(
        <EntryProvider initial={{ ageGate: 'passed', cookieBanner: false, flash: null, visitor }}>
          <RemoteModulesProvider value={source}>
            <MemoryRouter initialEntries={[path]}>
              <PersonalWidget widget={cart} link={{ to: '/warenkorb', label: 'Warenkorb', icon: 'Korb', takesTap: true }} />
              <Where />
            </MemoryRouter>
          </RemoteModulesProvider>
        </EntryProvider>,
      ),
  );
}

afterEach(() => jest.restoreAllMocks());

const guest = { session: false, cart: false };
const link = () => screen.getByRole('link', { name: 'Warenkorb' });

test("a guest without a cart keeps the link: the cart widget's code is not fetched", async () => {
  const { asked, source } = deferredSource();
  await renderHeaderSlot('/', guest, source);
  expect(link()).toHaveAttribute('data-slot-fallback', 'waiting');
  expect(asked()).toEqual([]);
});

test.each([
  ['a visitor with a cart', '/', { session: false, cart: true }],
  ['a customer with a session', '/kontakt', { session: true, cart: false }],
  ["a guest on the cart's own page", '/warenkorb', guest],
])('%s gets the widget with the page', async (_, path, visitor) => {
  const { asked, source, arrive } = deferredSource();
  await renderHeaderSlot(path, visitor, source);
  expect(asked()).toEqual(['cart ./cart-button']);
  // The link stays in place while the code is on its way.
  expect(link()).toHaveAttribute('data-slot-fallback', 'loading');
  await arrive();
  expect(screen.getByRole('button', { name: 'Warenkorb, 0 Artikel' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Warenkorb' })).not.toBeInTheDocument();
});

test.each([['request:cart:add'], ['request:cart:reorder'], ['auth:changed']])(
  "a guest's widget is mounted when '%s' is dispatched (the asker asks again until it answers)",
  async (eventName) => {
    const { asked, source, arrive } = deferredSource();
    await renderHeaderSlot('/', guest, source);
    await act(async () => void window.dispatchEvent(new CustomEvent(eventName, { detail: {} })));
    expect(asked()).toEqual(['cart ./cart-button']);
    await arrive();
    expect(screen.getByRole('button', { name: 'Warenkorb, 0 Artikel' })).toBeInTheDocument();
  },
);

test('a page back from the back-forward cache mounts the widget (a cart may exist by now)', async () => {
  const { asked, source } = deferredSource();
  await renderHeaderSlot('/', guest, source);
  await act(async () => void window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })));
  expect(asked()).toEqual(['cart ./cart-button']);
});

test('a tap on the link before the code has arrived stays on the page and is handed to the widget', async () => {
  const { asked, source, arrive } = deferredSource();
  await renderHeaderSlot('/', guest, source);
  await act(async () => void fireEvent.click(link()));
  expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
  expect(asked()).toEqual(['cart ./cart-button']);
  expect(link()).toHaveAttribute('data-slot-fallback', 'loading');
  await arrive();
  expect(screen.getByRole('button', { name: 'Warenkorb (geöffnet)' })).toBeInTheDocument();
});

test('a pointer or focus on the link starts loading the code; a click meant for a new tab keeps the link', async () => {
  const { asked, source } = deferredSource();
  await renderHeaderSlot('/', guest, source);
  // Not taken (the browser opens the link in a new tab, which jsdom cannot), and nothing loaded for it.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(fireEvent.click(link(), { ctrlKey: true })).toBe(true);
  expect(asked()).toEqual([]);
  await act(async () => void fireEvent.pointerEnter(link()));
  expect(asked()).toEqual(['cart ./cart-button']);

  const other = deferredSource();
  await renderHeaderSlot('/kontakt', guest, other.source);
  expect(other.asked()).toEqual([]);
  await act(async () => void fireEvent.focus(screen.getAllByRole('link', { name: 'Warenkorb' }).at(-1)!));
  expect(other.asked()).toEqual(['cart ./cart-button']);
});

test('the link stays the same element while the code loads and while a finger is on it, so a tap that began on it ends on it', async () => {
  const { source, arrive } = deferredSource();
  await renderHeaderSlot('/', guest, source);
  const before = link();
  await act(async () => void fireEvent.pointerDown(before));
  expect(link()).toBe(before);
  expect(before).toHaveAttribute('data-slot-fallback', 'loading');
  await arrive();
  // The code is there, the finger still down: the click to come must reach the link.
  expect(link()).toBe(before);
  await act(async () => {
    fireEvent.pointerUp(before);
    fireEvent.click(before);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  expect(before).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Warenkorb (geöffnet)' })).toBeInTheDocument();
  expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
  // Once shown the widget stays, whatever is pressed inside it (its menu, its side cart).
  const widget = screen.getByRole('button', { name: 'Warenkorb (geöffnet)' });
  await act(async () => void fireEvent.pointerDown(widget));
  expect(widget).toBeInTheDocument();
});

test("a keyboard focus on the link moves to the widget's control when it replaces the link", async () => {
  const { source, arrive } = deferredSource();
  await renderHeaderSlot('/', guest, source);
  await act(async () => link().focus());
  expect(link()).toHaveFocus();
  await arrive();
  expect(screen.getByRole('button', { name: 'Warenkorb, 0 Artikel' })).toHaveFocus();
});

test("code that cannot be loaded: the slot says so, and a tap it was to take leads to the link's page", async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { source, arrive } = deferredSource({ fails: true });
  await renderHeaderSlot('/', guest, source);
  await act(async () => void fireEvent.click(link()));
  expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
  await arrive();
  expect(screen.getByTestId('remote-slot-unavailable')).toBeInTheDocument();
  expect(screen.getByTestId('path')).toHaveTextContent('/warenkorb');
  expect(console.error).toHaveBeenCalledWith("shell: remote 'cart' failed", expect.any(Error));
  // The catalog's add hears at once that nobody will answer it.
  const started = Date.now();
  await expect(request('cart:add', { productId: 'p1', quantity: 1 }, { acceptTimeoutMs: ON_DEMAND_ACCEPT_MS })).rejects.toBeInstanceOf(
    RequestNotAcceptedError,
  );
  expect(Date.now() - started).toBeLessThan(1000);
});
