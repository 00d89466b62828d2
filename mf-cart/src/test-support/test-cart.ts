import type { CartLineItem, CartResponse, Product } from '@shop/contracts';

/** A cart line of `product` as the service answers it (16,99 € a piece). */
export const testLine = (product: Product, quantity: number): CartLineItem => ({
  id: `line-${product.id}`,
  productId: product.id,
  quantity,
  price: '16.99',
  userId: null,
  sessionId: 'session-1',
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:00.000Z',
  product,
});

/** A cart as the service answers it (16,99 € a piece, 4,99 € shipping below four pieces). */
export const testCart = (items: CartLineItem[]): CartResponse => {
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const subtotal = (count * 16.99).toFixed(2);
  const shipping = count >= 4 || count === 0 ? '0.00' : '4.99';
  return {
    items,
    totals: {
      itemCount: count,
      subtotal,
      savings: (count * 10).toFixed(2),
      promoDiscount: '0.00',
      shipping,
      total: (Number(subtotal) + Number(shipping)).toFixed(2),
      vatIncluded: '0.00',
      freeShippingRemainingItems: Math.max(0, 4 - count),
    },
    promo: null,
    notices: [],
  };
};
