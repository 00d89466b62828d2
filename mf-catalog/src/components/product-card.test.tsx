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
    [20, '9.000 Züge · Akku 600 mAh · 2 % Nikotin (20 mg/ml)'],
    [10, '9.000 Züge · Akku 600 mAh · 1 % Nikotin (10 mg/ml)'],
    [0, '9.000 Züge · Akku 600 mAh · 0 % Nikotin (0 mg/ml)'],
  ])('%d mg/ml: "%s"', (nicotineMgPerMl, facts) => {
    renderScreen(<ProductCard product={testProduct('p1', { name: 'RandM Tornado 9000 Cola', nicotineMgPerMl })} />, { path: '/' });
    expect(screen.getByText(/Züge · Akku/).textContent!.replace(/\s+/g, ' ')).toBe(facts);
  });
});
