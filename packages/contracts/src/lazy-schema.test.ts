import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { CartLineItemCreateBody, CartQuantity, ContactBody, Email, LoginBody, RegisterBody, ShopEvents } from './index';

describe('lazySchema: a schema built on its first use', () => {
  test('nothing is built until the schema is used, and it is built once', () => {
    const create = jest.fn(() => z.object({ n: z.number().int() }).strict());
    const schema = lazySchema(create);
    const composed = lazySchema(() => z.object({ inner: schema }));
    expect(create).not.toHaveBeenCalled();
    expect(composed.parse({ inner: { n: 1 } })).toEqual({ inner: { n: 1 } });
    expect(schema.safeParse({ n: 1.5 }).success).toBe(false);
    expect(create).toHaveBeenCalledTimes(1);
  });

  test('the stand-in is the schema for every caller: instanceof, shape, derived schemas, keys, JSON Schema', () => {
    expect(CartQuantity instanceof z.ZodNumber).toBe(true);
    expect(CartLineItemCreateBody instanceof z.ZodObject).toBe(true);
    expect(CartLineItemCreateBody.shape.quantity).toBe(CartQuantity);
    const extended = CartLineItemCreateBody.extend({ note: z.string() });
    expect(extended.safeParse({ productId: 'a'.repeat(24), quantity: 100, note: 'x' }).success).toBe(false);
    expect(extended.parse({ productId: 'a'.repeat(24), quantity: 2, note: 'x' })).toMatchObject({ quantity: 2 });
    expect(Object.keys(CartQuantity)).toEqual(Object.keys(z.number()));
    expect(z.toJSONSchema(CartLineItemCreateBody)).toMatchObject({ properties: { quantity: { type: 'integer', maximum: 99 } } });
  });

  test('JSON Schema of stand-ins for pipes and transforms (an OpenAPI document converts them), as input and as output', () => {
    const trimmed = lazySchema(() => z.string().trim().pipe(z.email()));
    const counted = lazySchema(() => z.string().transform((text) => text.length));
    const body = lazySchema(() => z.object({ email: trimmed, count: counted.optional() }));
    expect(z.toJSONSchema(trimmed, { io: 'input' })).toMatchObject({ type: 'string' });
    expect(z.toJSONSchema(trimmed)).toMatchObject({ type: 'string', format: 'email' });
    expect(z.toJSONSchema(body, { io: 'input' })).toMatchObject({
      type: 'object',
      properties: { email: { type: 'string' }, count: { type: 'string' } },
    });
    for (const schema of [Email, RegisterBody, LoginBody, ContactBody])
      for (const io of ['input', 'output'] as const) expect(z.toJSONSchema(schema, { io, unrepresentable: 'any' })).toBeTruthy();
  });

  test('event payloads are checked as before (the event bus parses with them)', () => {
    expect(ShopEvents['cart:changed'].parse({ itemCount: 2 })).toEqual({ itemCount: 2 });
    expect(ShopEvents['cart:changed'].safeParse({ itemCount: -1 }).success).toBe(false);
    expect(ShopEvents['shell:toast'].parse({ title: 'Hallo' })).toEqual({ title: 'Hallo', variant: 'default' });
  });
});
