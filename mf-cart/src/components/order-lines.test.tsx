import { render, screen, within } from '@testing-library/react';
import { OrderLines } from './order-lines';

test('a line with a producer durability guarantee over two years carries its label; the others none', () => {
  render(
    <OrderLines
      lines={[
        { key: 'a', name: 'RandM Tornado 9000 Mango', quantity: 2, lineTotal: '33.98', durabilityGuaranteeYears: 3 },
        { key: 'b', name: 'RandM Tornado 9000 Ice', quantity: 1, lineTotal: '16.99', durabilityGuaranteeYears: null },
      ]}
    />,
  );
  const [first, second] = within(screen.getByTestId('order-lines')).getAllByRole('listitem');
  expect(within(first!).getByTestId('durability-guarantee-label')).toHaveTextContent('für 3 Jahre ab Lieferung');
  expect(within(second!).queryByTestId('durability-guarantee-label')).toBeNull();
});
