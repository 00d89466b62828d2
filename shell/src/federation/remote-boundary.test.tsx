import { useState } from 'react';
import { render, screen, fireEvent } from '@testing-library/react';
import { REMOTE_UNAVAILABLE_MESSAGE, RemoteBoundary } from './remote-boundary';

// A render error (no failed load): 'Erneut versuchen' retries in place.
jest.mock('./remotes', () => ({ forgetFailedRemoteLoads: jest.fn(), hasFailedRemoteLoads: () => false }));
const { forgetFailedRemoteLoads } = jest.requireMock('./remotes') as { forgetFailedRemoteLoads: jest.Mock };

let shouldThrow = true;
function FlakyRemote() {
  if (shouldThrow) throw new Error('remote broke');
  return <h1>Warenkorb</h1>;
}

beforeEach(() => {
  shouldThrow = true;
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test('a throwing page remote shows the German fallback, siblings keep rendering, retry recovers', () => {
  render(
    <>
      <header>Kopfzeile</header>
      <RemoteBoundary remote="cart" variant="page">
        <FlakyRemote />
      </RemoteBoundary>
      <footer>Fußzeile</footer>
    </>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent(REMOTE_UNAVAILABLE_MESSAGE);
  expect(REMOTE_UNAVAILABLE_MESSAGE).toBe('Dieser Bereich ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut.');
  expect(screen.getByText('Kopfzeile')).toBeInTheDocument();
  expect(screen.getByText('Fußzeile')).toBeInTheDocument();

  shouldThrow = false;
  fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
  expect(forgetFailedRemoteLoads).toHaveBeenCalled();
  expect(screen.getByRole('heading', { name: 'Warenkorb' })).toBeInTheDocument();
});

test('a throwing header widget shows a compact marker with the message for screen readers', () => {
  render(
    <RemoteBoundary remote="account" variant="slot">
      <FlakyRemote />
    </RemoteBoundary>,
  );
  const marker = screen.getByRole('status');
  expect(marker).toHaveAttribute('title', REMOTE_UNAVAILABLE_MESSAGE);
  expect(marker).toHaveTextContent(REMOTE_UNAVAILABLE_MESSAGE);
  expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument();
});

test('a new reset key (navigation) retries the remote', () => {
  function Harness() {
    const [path, setPath] = useState('/warenkorb');
    return (
      <>
        <button onClick={() => setPath('/kasse')}>weiter</button>
        <RemoteBoundary remote="cart" variant="page" resetKeys={[path]}>
          <FlakyRemote />
        </RemoteBoundary>
      </>
    );
  }
  render(<Harness />);
  expect(screen.getByRole('alert')).toBeInTheDocument();
  shouldThrow = false;
  fireEvent.click(screen.getByRole('button', { name: 'weiter' }));
  expect(screen.getByRole('heading', { name: 'Warenkorb' })).toBeInTheDocument();
});
