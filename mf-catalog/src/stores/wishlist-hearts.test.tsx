import { act, render, screen } from '@testing-library/react';
import { emit, handle } from '@shop/event-bus';
import { startAnonymous } from '@shop/shell-api';
import { useOnWishlist } from './wishlist-hearts';

function Heart({ productId }: { productId: string }) {
  return <span data-testid="heart">{useOnWishlist(productId) ? 'auf der Wunschliste' : 'nicht gemerkt'}</span>;
}

test("a guest's hearts do not ask for the wishlist (the account's widget is not loaded for it) and ask for it once the shopper logs in on the page", async () => {
  const asked: unknown[] = [];
  const listener = (event: Event) => asked.push((event as CustomEvent).detail);
  window.addEventListener('request:wishlist:status', listener);
  try {
    // The page started without a session cookie (the shell's bootstrap).
    startAnonymous();
    render(<Heart productId="P1" />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(asked).toEqual([]);
    expect(screen.getByTestId('heart')).toHaveTextContent('nicht gemerkt');
    // Logged in on this page: the customer's list is asked for, and the account slice answers.
    window.removeEventListener('request:wishlist:status', listener);
    const stop = handle('wishlist:status', async () => ({ productIds: ['p1'] }));
    await act(async () => {
      emit('auth:changed', { authenticated: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    stop();
    expect(screen.getByTestId('heart')).toHaveTextContent('auf der Wunschliste');
    // Its later changes reach the hearts too.
    act(() => void emit('wishlist:changed', { productIds: [] }));
    expect(screen.getByTestId('heart')).toHaveTextContent('nicht gemerkt');
  } finally {
    window.removeEventListener('request:wishlist:status', listener);
  }
});
