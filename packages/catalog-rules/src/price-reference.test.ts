import { NICOTINE_WARNING, productLawIssues, referencePriceCents, type ProductLawFacts } from './index';

const DAY = 86_400_000;
const at = (day: number) => day * DAY;

describe('referencePriceCents (§ 11 PAngV: lowest price of the 30 days before the reduction)', () => {
  test('a reduction after a long regular price is shown against that price', () => {
    expect(
      referencePriceCents([
        { cents: 2499, fromMs: at(0) },
        { cents: 1999, fromMs: at(60) },
      ]),
    ).toBe(2499);
  });
  test('no earlier price, or the same price: no reduction', () => {
    expect(referencePriceCents([{ cents: 1999, fromMs: at(0) }])).toBeNull();
    expect(referencePriceCents([])).toBeNull();
    expect(
      referencePriceCents([
        { cents: 1999, fromMs: at(0) },
        { cents: 1999, fromMs: at(40) },
      ]),
    ).toBeNull();
  });
  test('raised for a few days and lowered again: the old low price counts, so no fake reduction', () => {
    const history = [
      { cents: 1999, fromMs: at(0) },
      { cents: 2999, fromMs: at(50) },
      { cents: 1999, fromMs: at(55) },
    ];
    expect(referencePriceCents(history)).toBeNull();
  });
  test('stepwise reductions are measured against the lowest price inside the window', () => {
    const history = [
      { cents: 3000, fromMs: at(0) },
      { cents: 2500, fromMs: at(100) },
      { cents: 2000, fromMs: at(110) },
    ];
    expect(referencePriceCents(history)).toBe(2500);
  });
  test('a price that ended more than 30 days before the reduction no longer counts', () => {
    const history = [
      { cents: 1500, fromMs: at(0) },
      { cents: 2500, fromMs: at(10) },
      { cents: 2000, fromMs: at(41) },
    ];
    expect(referencePriceCents(history)).toBe(2500);
    expect(referencePriceCents([...history.slice(0, 2), { cents: 2000, fromMs: at(39) }])).toBeNull();
  });
});

describe('productLawIssues (TabakerzG § 14, TabakerzV § 27, legal-de 2.2, 2.10)', () => {
  const lawful: ProductLawFacts = {
    productType: 'prefilled-pod',
    nicotineMgPerMl: 20,
    liquidVolumeMl: 2,
    puffCount: 600,
    nicotineWarning: NICOTINE_WARNING,
    sellableUntil: null,
  };
  const codes = (facts: Partial<ProductLawFacts>, today = '2026-11-23') =>
    productLawIssues({ ...lawful, ...facts }, today).map((issue) => issue.code);

  test('a lawful pod has no issues', () => expect(codes({})).toEqual([]));
  test('each limit is flagged with its own code', () => {
    expect(codes({ nicotineMgPerMl: 20.5 })).toEqual(['nicotine-limit']);
    expect(codes({ liquidVolumeMl: 2.1 })).toEqual(['liquid-limit']);
    expect(codes({ liquidVolumeMl: null })).toEqual(['liquid-missing']);
    expect(codes({ productType: 'liquid', liquidVolumeMl: 10 })).toEqual([]);
    expect(codes({ productType: 'liquid', liquidVolumeMl: 12 })).toEqual(['liquid-limit']);
    expect(codes({ productType: 'disposable', puffCount: 801 })).toEqual(['puff-claim']);
    expect(codes({ nicotineWarning: '' })).toEqual(['warning-missing']);
    expect(codes({ nicotineMgPerMl: 0, nicotineWarning: '' })).toEqual([]);
  });
  test('sellableUntil counts the whole last day', () => {
    expect(codes({ sellableUntil: '2026-11-23' })).toEqual([]);
    expect(codes({ sellableUntil: '2026-11-22' })).toEqual(['sale-ended']);
  });
  test('a demo big-puff disposable collects every matching reason', () => {
    expect(codes({ productType: 'disposable', puffCount: 40000, liquidVolumeMl: 22 })).toEqual(['liquid-limit', 'puff-claim']);
  });
});
