import { screen } from '@testing-library/react';
import { mockApi, renderScreen } from '@shop/test-dom';
import { testProduct } from '@shop/test-fixtures';
import { ProductCard } from './product-card';

beforeEach(() => {
  mockApi();
});

/** A card shows the product's own nicotine content (spec §2 'Product card'), never a fixed 2 %. */
describe('ProductCard', () => {
  test.each([
    [20, '9.000 Züge · 2 % Nikotin (20 mg/ml) · Akku 600 mAh'],
    [10, '9.000 Züge · 1 % Nikotin (10 mg/ml) · Akku 600 mAh'],
    [0, '9.000 Züge · 0 % Nikotin (0 mg/ml) · Akku 600 mAh'],
  ])('%d mg/ml: "%s"', (nicotineMgPerMl, facts) => {
    renderScreen(<ProductCard product={testProduct('p1', { name: 'RandM Tornado 9000 Cola', nicotineMgPerMl })} />, { path: '/' });
    expect(screen.getByText(/Züge · /).textContent!.replace(/\s+/g, ' ')).toBe(facts);
  });
});
