import { render, screen } from '@testing-library/react';
import { DELIVERY_PROMISE } from '@shop/contracts';
import { TopStrip } from './top-strip';

test('the top strip names free shipping and the one delivery promise, counted from the payment', () => {
  render(<TopStrip />);
  expect(screen.getByText(/^Kostenloser Versand ab 4 Produkten/)).toHaveTextContent(
    'Kostenloser Versand ab 4 Produkten · Versand werktags innerhalb von 24 Stunden nach Zahlungseingang, Zustellung in 1–3 Werktagen',
  );
  expect(screen.getByText(`· ${DELIVERY_PROMISE}`)).toBeInTheDocument();
});
