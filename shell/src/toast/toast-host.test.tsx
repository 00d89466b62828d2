import { act, fireEvent, render, screen } from '@testing-library/react';
import { BOTTOM_BAR_PROPS, TOAST_SLOT_PROPS, showToast } from '@shop/shell-api';
import { ToastHost } from './toast-host';

/** Toasts inside an open modal dialog (not inert, covering nothing) and above a page's bottom bar. */
describe('ToastHost', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const toast = () => screen.getByTestId('toast');
  const announced = () =>
    screen
      .getAllByRole('status')
      .map((region) => region.textContent)
      .join('|');

  test('on the page: shown, announced, closed by its button or after its duration', () => {
    render(<ToastHost />);
    act(() => showToast({ title: 'Hinzugefügt!', variant: 'success', durationMs: 2000 }));
    expect(toast()).toHaveTextContent('Hinzugefügt!');
    act(() => jest.advanceTimersByTime(100));
    expect(announced()).toBe('Hinzugefügt!');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    act(() => showToast({ title: 'Entfernt', variant: 'success' }));
    fireEvent.click(screen.getByRole('button', { name: 'Meldung schließen' }));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  test('a toast that holds the keyboard focus stays; its full duration starts again when the focus leaves', () => {
    render(<ToastHost />);
    act(() => showToast({ title: 'Hinzugefügt!', variant: 'success', durationMs: 2000 }));
    const close = screen.getByRole('button', { name: 'Meldung schließen' });
    act(() => close.focus());
    act(() => jest.advanceTimersByTime(5000));
    expect(toast()).toBeInTheDocument();
    expect(close).toHaveFocus();
    act(() => close.blur());
    act(() => jest.advanceTimersByTime(1900));
    expect(toast()).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  test("with a modal dialog open: in the dialog's toast slot, announced there, and back on the page when it closes", async () => {
    render(
      <>
        <ToastHost />
        <dialog open aria-label="Warenkorb">
          <h2>Warenkorb</h2>
          <div data-testid="slot" {...TOAST_SLOT_PROPS} />
          <button type="button">Jetzt bestellen</button>
        </dialog>
      </>,
    );
    act(() => showToast({ title: 'Zum Warenkorb hinzugefügt', description: 'RandM Tornado wurde hinzugefügt.', variant: 'success' }));
    const slot = screen.getByTestId('slot');
    expect(slot).toContainElement(toast());
    act(() => jest.advanceTimersByTime(100));
    expect(slot.querySelector('[role="status"]')).toHaveTextContent('Zum Warenkorb hinzugefügt: RandM Tornado wurde hinzugefügt.');

    const dialog = screen.getByRole('dialog');
    await act(async () => dialog.removeAttribute('open'));
    expect(slot).not.toContainElement(toast());
    expect(dialog).not.toContainElement(toast());
  });

  test('a dialog without a slot gets the toast inside it (not behind it, where the dialog makes the page inert), also one that opens just after the toast', async () => {
    render(
      <>
        <ToastHost />
        <dialog aria-label="Menü">
          <a href="/">Start</a>
        </dialog>
      </>,
    );
    act(() => showToast({ title: 'Erfolgreich abgemeldet', variant: 'success' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog).not.toContainElement(toast());
    await act(async () => dialog.setAttribute('open', ''));
    expect(dialog).toContainElement(toast());
  });

  test("above a page's bottom bar (the phone cart page's 'Zur Kasse'), not over it", () => {
    render(
      <>
        <ToastHost />
        <div data-testid="bar" {...BOTTOM_BAR_PROPS} />
      </>,
    );
    const bar = screen.getByTestId('bar');
    bar.getBoundingClientRect = () => ({ top: window.innerHeight - 72, height: 72 }) as DOMRect;
    act(() => showToast({ title: 'Artikel entfernt', variant: 'success' }));
    expect(toast().parentElement).toHaveStyle({ bottom: 'calc(72px + 0.5rem)' });
  });
});
