import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { StaticHtml } from './static-html';

/** The footer's kind of content: links and text, drawn by a component the test counts the renders of. */
const renders = { count: 0 };
function FooterLinks() {
  renders.count += 1;
  return (
    <nav aria-label="Rechtliches">
      <Link to="/impressum">Impressum</Link> <a href="https://example.org/">Extern</a>{' '}
      <a href="/agb.pdf" download>
        AGB als PDF
      </a>
    </nav>
  );
}

function Where() {
  return <output aria-label="Adresse">{useLocation().pathname}</output>;
}

const page = (path = '/') => (
  <MemoryRouter initialEntries={[path]}>
    <Routes>
      <Route
        path="*"
        element={
          <main>
            <StaticHtml>
              <FooterLinks />
            </StaticHtml>
            <Where />
          </main>
        }
      />
    </Routes>
  </MemoryRouter>
);

let container: HTMLDivElement;
let root: Root | undefined;
beforeEach(() => {
  renders.count = 0;
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

/** Server-renders the page into the container, then hydrates it as the browser does. */
async function hydrateServerHtml() {
  container.innerHTML = renderToString(page());
  const serverLinks = container.querySelector('nav');
  expect(renders.count).toBe(1);
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  const recoverable = jest.fn();
  await act(async () => {
    root = hydrateRoot(container, page(), { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  return serverLinks;
}

test('hydrating keeps the server HTML as it is: its components do not run again, nothing is replaced', async () => {
  const serverLinks = await hydrateServerHtml();
  expect(renders.count).toBe(1);
  expect(container.querySelector('nav')).toBe(serverLinks);
  expect(screen.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
});

/** Clicks `link`; true when the page handled it (the browser's own navigation prevented), which jsdom then skips either way. */
function handledInPage(link: HTMLElement, init: MouseEventInit = {}): boolean {
  let handled = false;
  const after = (event: Event) => {
    handled = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', after);
  fireEvent.click(link, init);
  document.removeEventListener('click', after);
  return handled;
}

test('a link of the shop in the kept HTML navigates inside the page; other links are left to the browser', async () => {
  await hydrateServerHtml();
  expect(handledInPage(screen.getByRole('link', { name: 'Impressum' }))).toBe(true);
  expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent('/impressum');
  // A modified click (new tab), another site and a download are not intercepted.
  expect(handledInPage(screen.getByRole('link', { name: 'Impressum' }), { ctrlKey: true })).toBe(false);
  expect(handledInPage(screen.getByRole('link', { name: 'Extern' }))).toBe(false);
  expect(handledInPage(screen.getByRole('link', { name: 'AGB als PDF' }))).toBe(false);
});

test('rendered in the browser (a later navigation), it renders its children as usual', () => {
  render(page());
  expect(renders.count).toBe(1);
  expect(screen.getByRole('link', { name: 'Impressum' })).toBeInTheDocument();
});
